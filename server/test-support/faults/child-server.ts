import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '../free-port.js'
import { waitFor } from '../wait-for.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface ChildServer {
  url: string
  port: number
  process: ChildProcess
  /** The JSON log lines the server has written so far. */
  logs: Array<{ msg?: string; [key: string]: unknown }>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Sends a signal to the server process itself (not to a wrapper). */
  signal(signal: NodeJS.Signals): void
}

/** The server from its sources, through tsx: no build needed. */
const FROM_SOURCES = ['--import', 'tsx', 'server/main.ts']

/**
 * The real server (server/main.ts through tsx, or `entry`: a built one) as a child process,
 * started with `env` on a free port and ready (/readyz 200) when this resolves.
 */
export async function startChildServer(
  env: Record<string, string>,
  port?: number,
  entry: string[] = FROM_SOURCES,
): Promise<ChildServer> {
  const listenPort = port ?? (await freePort())
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      DEMO_DATA: 'false',
      RATE_LIMIT_SUBMISSIONS: '1000000',
      RATE_LIMIT_LOOKUPS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: ChildServer['logs'] = []
  let output = ''
  let buffered = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      output += `${line}\n`
      if (line.startsWith('{')) logs.push(JSON.parse(line))
    }
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  let gone = false
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      gone = true
      resolve({ code, signal })
    }),
  )
  const url = `http://127.0.0.1:${listenPort}`
  const server: ChildServer = {
    url,
    port: listenPort,
    process: child,
    logs,
    exited,
    signal: (signal) => {
      if (!gone) child.kill(signal)
    },
  }
  try {
    await waitFor(async () => {
      if (gone) throw new Error(`The server exited during start-up:\n${output}`)
      const response = await fetch(`${url}/readyz`).catch(() => undefined)
      return response?.status === 200 ? true : undefined
    }, 40_000)
  } catch (error) {
    server.signal('SIGKILL')
    throw error
  }
  return server
}

/** Stops a child server for good (cleanup): SIGKILL unless it has exited already. */
export async function killChildServer(server: ChildServer | undefined): Promise<void> {
  if (!server) return
  server.signal('SIGKILL')
  await server.exited
}
