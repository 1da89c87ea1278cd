import { connect, createServer, type Server, type Socket } from 'node:net'
import { freePort } from '../free-port.js'

/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL that the test controls: forward, cut (every
 * connection reset, new ones refused) or blackhole (connections, old and new, silently dropped,
 * as in a network partition).
 */
export class TcpProxy {
  private server: Server | undefined
  private mode: 'forward' | 'blackhole' = 'forward'
  private readonly sockets = new Set<Socket>()
  private readonly pairs = new Set<[Socket, Socket]>()

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target)
    await proxy.listen()
    return proxy
  }

  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string {
    const parsed = new URL(url)
    parsed.hostname = '127.0.0.1'
    parsed.port = String(this.port)
    return parsed.toString()
  }

  /** Resets every connection and stops listening: the database is unreachable. */
  async cut(): Promise<void> {
    const server = this.server
    this.server = undefined
    for (const socket of this.sockets) socket.destroy()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Stops forwarding on every open connection and holds new ones without an answer. */
  blackhole(): void {
    this.mode = 'blackhole'
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream)
      upstream.unpipe(client)
      client.pause()
      upstream.pause()
    }
    this.pairs.clear()
  }

  /** New connections are forwarded again (black-holed ones stay dead, like after a partition). */
  async restore(): Promise<void> {
    this.mode = 'forward'
    if (!this.server) await this.listen()
  }

  async close(): Promise<void> {
    await this.cut()
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  private track(socket: Socket): void {
    this.sockets.add(socket)
    socket.on('error', () => {})
    socket.once('close', () => this.sockets.delete(socket))
  }

  private accept(client: Socket): void {
    this.track(client)
    if (this.mode === 'blackhole') {
      client.pause()
      return
    }
    const upstream = connect(this.target.port, this.target.host)
    this.track(upstream)
    const pair: [Socket, Socket] = [client, upstream]
    this.pairs.add(pair)
    client.pipe(upstream)
    upstream.pipe(client)
    const drop = () => {
      this.pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.once('close', drop)
    upstream.once('close', drop)
  }
}
