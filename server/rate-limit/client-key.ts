import { createHash } from 'node:crypto'
import { isIPv6 } from 'node:net'

/**
 * The client a request counts as, for what is counted per client beyond a minute's rate limit
 * (the daily mail budgets, the live drafts): `request.ip` as TRUST_PROXY makes it, an IPv6
 * address by its /64 as the rate limits count it, kept only as a hash (an address is personal
 * data).
 */
export function clientKey(ip: string): string {
  return createHash('sha256').update(clientAddress(ip)).digest('base64url').slice(0, 32)
}

/** An IPv4 address as it is; an IPv6 address as its /64 prefix (an IPv4-mapped one as IPv4). */
export function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const front = head ? head.split(':') : []
  const back = ip.includes('::') && tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...front, ...Array(8 - front.length - back.length).fill('0'), ...back]
    : front
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`
}
