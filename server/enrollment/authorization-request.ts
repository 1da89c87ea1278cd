import type { Kysely } from 'kysely'
import { currentBrand } from '../../shared/brand/find-brand.js'
import type { Database } from '../db/schema.js'
import { authorizationRequestMail } from '../mail/templates/authorization-request-mail.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/** The link an LMA's authorized representative follows to review and authorize. */
export function authorizationUrl(
  publicUrl: string,
  enrollment: Pick<StoredEnrollment, 'brand' | 'guid'>,
): string {
  return `${publicUrl}/${encodeURIComponent(enrollment.brand)}/enrollment/lma?auth=${enrollment.guid}`
}

/** Queues the authorization request to lma.authEmailAddress in the caller's transaction. */
export async function enqueueAuthorizationRequest(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  again = false,
): Promise<void> {
  const { lma } = enrollment
  if (!lma) return
  const { config } = context
  const mail = authorizationRequestMail({
    brandName: currentBrand(config.BRANDS, enrollment.brand).name,
    year: enrollment.year,
    lmaName: lma.name,
    authName: lma.authName,
    agencyName: lma.agencyName,
    contact: lma.contact,
    dealerCount: enrollment.dealers.length,
    url: authorizationUrl(config.PUBLIC_URL, enrollment),
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    again,
  })
  await context.outbox.enqueue(executor, {
    kind: 'authorization-request',
    recipient: lma.authEmailAddress,
    ...mail,
  })
}
