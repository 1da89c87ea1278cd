import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { freePort } from '../../server/test-support/free-port.js'

/** The built server: the bundle `npm start` runs. */
export const SERVER_ENTRY = 'dist/server/main.js'
/** The built server's modules one by one (tsc's output), for what imports one of them alone. */
export const SERVER_MODULES = 'dist/node/server'

/**
 * V8 gives back the heap that start-up grew (module code, the first requests) only after the
 * process has been idle a while (its memory reducer): the RSS an operator sees on an idle
 * instance is the settled one. On Node 20 that took 20 to 60 s here, on Node 24 90 to 120 s
 * (the product on PostgreSQL: 140 MB until 90 s after ready, 111 to 115 MB from 120 s on).
 */
export const SETTLED_MS = 150_000

export interface ServerProcess {
  url: string
  pid: number
  /** Milliseconds from spawn to the first 200 of /readyz. */
  startMs: number
  /**
   * Milliseconds its main thread ran on a CPU until then (Linux's schedstat): the work of
   * starting, which other processes on the machine move much less than the time it took.
   */
  startCpuMs: number
  memory(): MemoryFigures
  /** Starts a new peak: the kernel's high-water mark of this process is reset to its RSS now. */
  resetPeak(): void
  stop(): Promise<void>
}

export interface MemoryFigures {
  rssMb: number
  peakMb: number
}

export interface StartOptions {
  env: Record<string, string>
  /** The command; the built server by default. */
  args?: string[]
  /** Node's own flags, before the command: `--max-old-space-size=64`. */
  nodeFlags?: string[]
  timeoutMs?: number
}

/** Starts the built server (`npm run build`) as a child process and waits for /readyz. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const args = options.args ?? [SERVER_ENTRY]
  if (args[0] === SERVER_ENTRY && !existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`)
  }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000)
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('The server did not start')
  try {
    await waitUntilReady(child, url, options.timeoutMs ?? 120_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${errors}`)
  }
  const startMs = performance.now() - started
  return {
    url,
    pid,
    startMs,
    startCpuMs: mainThreadCpuMs(pid),
    memory: () => readMemory(pid),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    stop: () => stopChild(child),
  }
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/readyz`)
      await response.arrayBuffer()
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms`)
}

/** RSS and its high-water mark, from /proc (Linux). */
export function readMemory(pid: number | 'self'): MemoryFigures {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/** How long the process's main thread has run on a CPU, in ms (/proc/PID/schedstat, Linux). */
export function mainThreadCpuMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
