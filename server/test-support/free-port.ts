import { createServer } from 'node:net'

/** A TCP port free right now on 127.0.0.1, for a server whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('No port')
  return address.port
}
