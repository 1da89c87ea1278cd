import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) when it is installed, as
 * Playwright's own headless mode uses: the same Blink, without the full browser around it, and
 * the suite takes about two thirds of the time it takes in /usr/bin/chromium. CHROMIUM_PATH
 * chooses another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The built product (npm run build) on two ports: enrollment closed (the default) and open.
 * E2E_PORT moves both (E2E_PORT and E2E_PORT + 1), so two checkouts can run their suites at once.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100)
const servers: Array<{ port: number; env: Record<string, string> }> = [
  { port: basePort, env: {} },
  { port: basePort + 1, env: { ENROLLMENT_OPEN: 'true' } },
]

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Two workers, two built servers and Chromium share CI's two cores: the longest flows (sign-in,
  // a mail through the outbox, an export) took up to 30 s there with nothing wrong.
  timeout: process.env.CI ? 60_000 : 30_000,
  // An assertion waits for what the page shows for up to 5 s by default; on a machine busy with
  // other work as well (CI's runs share it) a mail through the outbox or a dialog's first render
  // can take longer with nothing wrong. A passing assertion returns as soon as it holds.
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${basePort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: servers.map(({ port, env }) => ({
    command: `rm -rf .tmp/e2e-${port} && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: `.tmp/e2e-${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SUBMISSIONS: '10000',
      // Every spec submits from one client: its daily mail budget and saved forms are the run's.
      MAIL_BUDGET_PER_CLIENT: '10000',
      MAIL_BUDGET_SUBMISSIONS_PER_ADDRESS: '10000',
      DRAFTS_PER_CLIENT: '10000',
      ...env,
    },
  })),
})
