import { type ChildProcess, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { canConnect } from './faults/can-connect.js'
import { freePort } from './free-port.js'
import { waitFor } from './wait-for.js'

/**
 * A private redis-server (from the machine's Debian package) on a free port, keeping nothing on
 * disk, that a test may stop and start again on the same port. The machine's shared Redis on
 * 6379 is never touched: other test runs use it, and a test could not stop it.
 */
export class TestRedisServer {
  private process: ChildProcess | undefined

  private constructor(readonly port: number) {}

  static async create(): Promise<TestRedisServer> {
    return new TestRedisServer(await freePort())
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.process) return
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '']
    const child = spawn('redis-server', [...args, '--appendonly', 'no', '--dir', tmpdir()], {
      stdio: 'ignore',
    })
    let failure: Error | undefined
    child.once('error', (error) => {
      failure = new Error(
        `redis-server could not be started (apt-get install redis-server): ${error.message}`,
      )
    })
    child.once('exit', () => {
      if (this.process === child) this.process = undefined
    })
    this.process = child
    await waitFor(async () => {
      if (failure) throw failure
      return (await canConnect(this.port)) || undefined
    })
  }

  /** Freezes the server (SIGSTOP): connections stay open, but nothing is answered. */
  pause(): void {
    this.process?.kill('SIGSTOP')
  }

  resume(): void {
    this.process?.kill('SIGCONT')
  }

  /** Ends the server at once (SIGKILL): clients see their connections drop. */
  async stop(): Promise<void> {
    const child = this.process
    if (!child) return
    this.process = undefined
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    child.kill('SIGCONT')
    await exited
  }
}
