import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'scripts/**/*.test.ts',
      'web/src/**/*.test.ts',
      'web/src/**/*.test.tsx',
    ],
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // At least two files at a time: Vitest's default is one fewer than the cores, so one file at
    // a time on CI's two, and a file spends much of its time waiting (on PostgreSQL, a child
    // server, a mail worker's poll), not computing. Every file has databases, ports and
    // directories of its own, as on a developer's machine, where several run at once anyway.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
