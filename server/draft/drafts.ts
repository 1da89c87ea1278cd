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
import { addressHash } from '../mail/mail-budget-repository.js'
import type { MailComposers } from '../mail/mail-worker.js'
import { drawnWhenSent, type OutboxRepository } from '../mail/outbox-repository.js'
import { draftSavedMail } from '../mail/templates/draft-saved-mail.js'
import type { DraftRepository, StoredDraft } from './draft-repository.js'
import {
  DRAFT_MAX_CHARACTERS,
  draftCharacters,
  keptDraftValues,
  openedDraftValues,
} from './draft-values.js'

export interface DraftContext {
  db: Kysely<Database>
  config: Config
  drafts: DraftRepository
  outbox: OutboxRepository
  mailQueued(): void
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

/** Why a draft-link mail was held back: the draft is gone, or its address changed since. */
export const DRAFT_GONE =
  'Held back: the saved form expired, was submitted, or was saved again with another address.'

/**
 * Saves a new draft and queues its link's mail (docs/product.md#save-and-continue-later); the
 * worker mints the link when it sends the mail, which spends the daily budgets of the address
 * and of the `client` that saved. Live drafts per address and per client are capped.
 */
export async function saveNewDraft(
  context: DraftContext,
  body: { email: string; values: DraftValues },
  client: string,
): Promise<SavedDraft> {
  const values = checkedValues(context, body.values)
  const { token, hash } = mintCapability()
  const stored = await context.db.transaction().execute(async (trx) => {
    await checkRoom(context, trx, body.email, client)
    const draft = await context.drafts.insert(trx, {
      tokenHash: hash,
      email: body.email,
      values,
      lifetimeDays: DRAFT_LIFETIME_DAYS,
      client,
    })
    await enqueueDraftMail(context, trx, draft, client)
    return draft
  })
  context.mailQueued()
  return savedAnswer(stored, token, true)
}

/**
 * Saves the draft of `token` again with the form's values: the same draft and link, the same
 * expiry; the link is mailed again only when the address changed (a new address counts against
 * its cap of live drafts, and the link mailed to the old one stops opening the draft).
 */
export async function saveDraftAgain(
  context: DraftContext,
  token: string,
  body: { email: string; values: DraftValues },
  client: string,
): Promise<SavedDraft> {
  const values = checkedValues(context, body.values)
  if (!isCapabilityToken(token)) throw notFound()
  const hash = capabilityHash(token)
  const { stored, mailed } = await context.db.transaction().execute(async (trx) => {
    const draft = await context.drafts.findActive(trx, hash, { lock: true })
    if (!draft || !capabilityMatches(draft.matchedHash, token)) throw notFound()
    // A draft stays the draft of its brand and form.
    if (draft.brand !== values.brand || draft.type !== values.type) throw notFound()
    const newAddress = draft.email.toLowerCase() !== body.email.toLowerCase()
    if (newAddress) {
      await checkRoom(context, trx, body.email, client)
      // The link mailed to the old address stops opening the draft (it may have been a typo).
      await context.drafts.deleteLinksNotFor(trx, draft.tokenHash, addressHash(body.email))
    }
    const saved = await context.drafts.update(trx, draft.tokenHash, { email: body.email, values })
    if (newAddress) await enqueueDraftMail(context, trx, saved, client)
    return { stored: saved, mailed: newAddress }
  })
  if (mailed) context.mailQueued()
  return savedAnswer(stored, token, mailed)
}

/**
 * The mail worker's composer of a draft's link mail: under the draft's row lock, while the draft
 * lives and still goes to the mail's address, a new link (replacing the one an earlier mail to
 * that address carried), committed before the mail leaves.
 */
export function draftComposers(context: DraftContext): Pick<MailComposers, 'draft-link'> {
  return {
    'draft-link': async ({ draftHash }, mail) => {
      const drawn = await context.db.transaction().execute(async (trx) => {
        const draft = await context.drafts.findActive(trx, draftHash, { lock: true })
        if (!draft || draft.email.toLowerCase() !== mail.recipient.toLowerCase()) return undefined
        const link = mintCapability()
        await context.drafts.addLink(trx, {
          tokenHash: link.hash,
          draftHash: draft.tokenHash,
          recipientHash: addressHash(mail.recipient),
        })
        const { config } = context
        const type = draft.type === 'Lma' ? 'Lma' : 'Dealer'
        return draftSavedMail({
          brandName: brandDisplayName(config.BRANDS, draft.brand),
          year: draft.values.year,
          type,
          url: draftUrl(config.PUBLIC_URL, { brand: draft.brand, type }, link.token),
          expiresAt: draft.expiresAt,
          supportEmail: config.SUPPORT_EMAIL,
          supportPhone: config.SUPPORT_PHONE,
        })
      })
      return drawn ?? { held: DRAFT_GONE }
    },
  }
}

/** The draft of `token`, opened on the form `form` of `brand`; anything else is one 404. */
export async function openDraft(
  context: DraftContext,
  token: string,
  page: { brand: string; form: DraftForm },
): Promise<OpenedDraft> {
  if (!isCapabilityToken(token)) throw notFound()
  const draft = await context.drafts.findActive(context.db, capabilityHash(token))
  if (!draft || !capabilityMatches(draft.matchedHash, token)) throw notFound()
  const type = draftFormOf(draft.type === 'Lma' ? 'Lma' : 'Dealer')
  if (draft.brand !== page.brand.toLowerCase() || type !== page.form) throw notFound()
  return {
    values: openedDraftValues(draft.values),
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
  drafts: DraftRepository,
  executor: Kysely<Database>,
  token: string | undefined,
  scope: { brand: string; type: string },
): Promise<void> {
  if (token === undefined || !isCapabilityToken(token)) return
  await drafts.deleteCompleted(executor, capabilityHash(token), scope)
}

/** The values a draft keeps (the fields its form shows), checked for brand and size. */
function checkedValues(context: DraftContext, values: DraftValues): DraftValues {
  if (!findBrand(context.config.BRANDS, values.brand)) {
    throw AppError.badRequest('The brand is not part of the program.', {
      'values.brand': ['The brand is not part of the program.'],
    })
  }
  const kept = keptDraftValues({ ...values, brand: values.brand.toLowerCase() })
  if (draftCharacters(kept) > DRAFT_MAX_CHARACTERS) {
    throw new AppError(
      413,
      'This form is larger than any form the program takes, so it cannot be saved.',
    )
  }
  return kept
}

/** Words of the caps on live drafts (DRAFTS_PER_ADDRESS, DRAFTS_PER_CLIENT). */
export const TOO_MANY_DRAFTS_FOR_ADDRESS = (cap: number) =>
  `This email address already has ${cap} saved forms. Open one from its mail and submit it, or wait until one expires, before saving another.`
export const TOO_MANY_DRAFTS_FROM_CLIENT = (cap: number) =>
  `${cap} saved forms from your network are waiting to be completed. Submit one, or wait until one expires, before saving another.`

async function checkRoom(
  context: DraftContext,
  executor: Kysely<Database>,
  email: string,
  client: string,
): Promise<void> {
  const { config } = context
  const live = await context.drafts.countLive(executor, email, client)
  if (live.address >= config.DRAFTS_PER_ADDRESS) {
    throw AppError.conflict(TOO_MANY_DRAFTS_FOR_ADDRESS(config.DRAFTS_PER_ADDRESS))
  }
  if (live.client >= config.DRAFTS_PER_CLIENT) {
    throw new AppError(429, TOO_MANY_DRAFTS_FROM_CLIENT(config.DRAFTS_PER_CLIENT))
  }
}

/** Queues the mail of the draft's link, drawn (the link minted) when the worker sends it. */
async function enqueueDraftMail(
  context: DraftContext,
  executor: Kysely<Database>,
  draft: StoredDraft,
  client: string,
): Promise<void> {
  await context.outbox.enqueue(
    executor,
    drawnWhenSent({
      kind: 'draft-link',
      recipient: draft.email,
      compose: { kind: 'draft-link', draftHash: draft.tokenHash },
      budget: { group: 'draft', client },
    }),
  )
}

function savedAnswer(draft: StoredDraft, token: string, mailed: boolean): SavedDraft {
  return { token, email: draft.email, expiresAt: draft.expiresAt.toISOString(), mailed }
}
