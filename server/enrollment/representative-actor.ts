import type { Enrollment, LmaRecord } from '../../shared/enrollment/enrollment.js'

/**
 * The history's actors that name a person of the enrollment (each a prefix, then the person):
 * the representative who authorized, and whoever filled in the public form.
 */
const PREFIX = 'Authorized representative: '
const LMA_FORM = 'LMA form: '
const DEALER_FORM = 'Dealer form: '

/** The history's actor of an authorization: 'Authorized representative: {name} <{email}>'. */
export function representativeActor(lma: Pick<LmaRecord, 'authName' | 'authEmailAddress'>): string {
  return `${PREFIX}${lma.authName} <${lma.authEmailAddress}>`
}

/**
 * The name in an actor written by representativeActor. An email address holds no space, so the
 * last ' <' starts it, whatever the name holds.
 */
export function representativeName(actor: string): string {
  const name = actor.startsWith(PREFIX) ? actor.slice(PREFIX.length) : actor
  const email = name.lastIndexOf(' <')
  return email === -1 ? name : name.slice(0, email)
}

/** The history's actor of a submission: 'LMA form: {contact} <{email}>', 'Dealer form: ...'. */
export function submitterActor(input: Pick<Enrollment, 'type' | 'lma' | 'dealers'>): string {
  if (input.type === 'Lma') {
    return `${LMA_FORM}${input.lma?.contact ?? ''} <${input.lma?.emailAddress ?? ''}>`
  }
  const dealer = input.dealers[0]
  return `${DEALER_FORM}${dealer?.authName ?? ''} <${dealer?.authEmailAddress ?? ''}>`
}

/**
 * An actor once data retention has erased the enrollment's personal data
 * (docs/security.md#data-retention): a representative or a form without the person
 * ('Authorized representative', 'LMA form'); an administrator's username or a schedule as
 * written (who acted for the program office stays on the record).
 */
export function erasedActor(actor: string): string {
  const prefix = [PREFIX, LMA_FORM, DEALER_FORM].find((each) => actor.startsWith(each))
  return prefix ? prefix.slice(0, -': '.length) : actor
}
