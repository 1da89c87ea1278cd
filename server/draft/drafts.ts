import type { Kysely } from 'kysely'
import { findBrand } from '../../shared/brand/find-brand.js'
import {
  DRAFT_LIFETIME_DAYS,
  type DraftForm,
  draftFormOf,
  draftPath,
} from '../../shared/enrollment/draft.js'
import type { DraftValues, OpenedDraft, SavedDraft } from '../../shared/enrollment/draft-schema.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import {
  capabilityHash,
  capabilityMatches,
  isCapabilityToken,
  mintCapability,
} from '../capability/capability-token.js'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import { draftSavedMail } from '../mail/templates/draft-saved-mail.js'
import { createDraftRepository, type StoredDraft } from './draft-repository.js'

export interface DraftContext {
  db: Kysely<Database>
  config: Config
  drafts: ReturnType<typeof createDraftRepository>
  outbox: OutboxRepository
  mailQueued(): void
}

export function createDraftContext(
  db: Kysely<Database>,
  config: Config,
  mail: { outbox: OutboxRepository; kick(): void },
): DraftContext {
  return {
    db,
    config,
    drafts: createDraftRepository(db),
    outbox: mail.outbox,
    mailQueued: mail.kick,
  }
}

/** One answer for a token that is malformed, unknown, expired or of another page: it opens nothing. */
export const DRAFT_NOT_FOUND = `This saved form does not exist or has expired (saved forms are kept for ${DRAFT_LIFETIME_DAYS} days).`

function notFound(): AppError {
  return AppError.notFound(DRAFT_NOT_FOUND)
}

/** The link the mail carries. */
export function draftUrl(
  publicUrl: string,
  values: Pick<DraftValues, 'brand' | 'type'>,
  token: string,
) {
  return `${publicUrl}${draftPath(values.brand, draftFormOf(values.type), token)}`
}

/** Saves a new draft and mails its link (docs/product.md#save-and-continue-later). */
export async function saveNewDraft(
  context: DraftContext,
  body: { email: string; values: DraftValues },
): Promise<SavedDraft> {
  const values = checkBrand(context, body.values)
  const { token, hash } = mintCapability()
  const stored = await context.db.transaction().execute(async (trx) => {
    const draft = await context.drafts.insert(trx, {
      tokenHash: hash,
      email: body.email,
      values,
      lifetimeDays: DRAFT_LIFETIME_DAYS,
    })
    await enqueueDraftMail(context, trx, draft, token)
    return draft
  })
  context.mailQueued()
  return savedAnswer(stored, token, true)
}

/**
 * Saves the draft of `token` again with the form's values: the same draft and link, the same
 * expiry; the link is mailed again only when the address changed.
 */
export async function saveDraftAgain(
  context: DraftContext,
  token: string,
  body: { email: string; values: DraftValues },
): Promise<SavedDraft> {
  const values = checkBrand(context, body.values)
  if (!isCapabilityToken(token)) throw notFound()
  const hash = capabilityHash(token)
  const { stored, mailed } = await context.db.transaction().execute(async (trx) => {
    const draft = await context.drafts.findActive(trx, hash, { lock: true })
    if (!draft || !capabilityMatches(draft.tokenHash, token)) throw notFound()
    // A draft stays the draft of its brand and form.
    if (draft.brand !== values.brand || draft.type !== values.type) throw notFound()
    const newAddress = draft.email.toLowerCase() !== body.email.toLowerCase()
    const saved = await context.drafts.update(trx, hash, { email: body.email, values })
    if (newAddress) await enqueueDraftMail(context, trx, saved, token)
    return { stored: saved, mailed: newAddress }
  })
  if (mailed) context.mailQueued()
  return savedAnswer(stored, token, mailed)
}

/** The draft of `token`, opened on the form `form` of `brand`; anything else is one 404. */
export async function openDraft(
  context: DraftContext,
  token: string,
  page: { brand: string; form: DraftForm },
): Promise<OpenedDraft> {
  if (!isCapabilityToken(token)) throw notFound()
  const draft = await context.drafts.findActive(context.db, capabilityHash(token))
  if (!draft || !capabilityMatches(draft.tokenHash, token)) throw notFound()
  const type = draftFormOf(draft.type === 'Lma' ? 'Lma' : 'Dealer')
  if (draft.brand !== page.brand.toLowerCase() || type !== page.form) throw notFound()
  return {
    values: draft.values,
    email: draft.email,
    savedAt: draft.savedAt.toISOString(),
    expiresAt: draft.expiresAt.toISOString(),
  }
}

/**
 * Deletes the draft a submission completes, in the submission's transaction (only a draft of
 * the submission's brand and type). A token that names no draft changes nothing: the draft may
 * have expired while the form was open, and the submission goes on.
 */
export async function deleteCompletedDraft(
  drafts: ReturnType<typeof createDraftRepository>,
  executor: Kysely<Database>,
  token: string | undefined,
  scope: { brand: string; type: string },
): Promise<void> {
  if (token === undefined || !isCapabilityToken(token)) return
  await drafts.deleteCompleted(executor, capabilityHash(token), scope)
}

function checkBrand(context: DraftContext, values: DraftValues): DraftValues {
  if (!findBrand(context.config.BRANDS, values.brand)) {
    throw AppError.badRequest('The brand is not part of the program.', {
      'values.brand': ['The brand is not part of the program.'],
    })
  }
  return { ...values, brand: values.brand.toLowerCase() }
}

async function enqueueDraftMail(
  context: DraftContext,
  executor: Kysely<Database>,
  draft: StoredDraft,
  token: string,
): Promise<void> {
  const { config } = context
  const type = draft.type === 'Lma' ? 'Lma' : 'Dealer'
  const mail = draftSavedMail({
    brandName: brandDisplayName(config.BRANDS, draft.brand),
    year: draft.values.year,
    type,
    url: draftUrl(config.PUBLIC_URL, { brand: draft.brand, type }, token),
    expiresAt: draft.expiresAt,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  await context.outbox.enqueue(executor, { kind: 'draft-link', recipient: draft.email, ...mail })
}

function savedAnswer(draft: StoredDraft, token: string, mailed: boolean): SavedDraft {
  return { token, email: draft.email, expiresAt: draft.expiresAt.toISOString(), mailed }
}
