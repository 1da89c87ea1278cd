import type { FastifyRequest } from 'fastify'
import { isLoopback } from '../config/config.js'
import { AppError } from './app-error.js'

export const MISDIRECTED_DEV_TOOLS_MESSAGE =
  'The development tools answer only on localhost or the host of PUBLIC_URL.'

/** The host name of a Host header, lower case, without port or IPv6 brackets. */
export function hostNameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase()
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(host)
  if (bracketed) return bracketed[1] ?? ''
  return host.replace(/:\d*$/, '')
}

/**
 * Whether a request names a host the development tools may answer: a loopback name, or the host
 * of PUBLIC_URL (DEV_TOOLS=true on another address). A loopback listener answers any name a
 * page's DNS points at it, so checking the address alone lets a rebinding page read /dev/mail.
 */
export function isDevToolsHost(hostHeader: string | undefined, publicUrl: string): boolean {
  if (!hostHeader) return false
  const name = hostNameOf(hostHeader)
  return isLoopback(name) || name === hostNameOf(new URL(publicUrl).host)
}

/** An onRequest hook for the routes of the development tools (421 for any other Host). */
export function refuseForeignHosts(publicUrl: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isDevToolsHost(request.headers.host, publicUrl)) {
      throw new AppError(421, MISDIRECTED_DEV_TOOLS_MESSAGE)
    }
  }
}
