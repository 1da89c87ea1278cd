import type { LmaRecord } from '../../shared/enrollment/enrollment.js'

const PREFIX = 'Authorized representative: '

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
