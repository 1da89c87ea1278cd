import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repositoriesOf } from '../test-support/repositories-of.js'
import { runImport } from './run-import.js'

function capture() {
  const err: string[] = []
  return { err, output: { log: () => {}, error: (line: string) => err.push(line) } }
}

describe('import:dealers failures before the database', () => {
  it('fails on a missing file, a folder, a workbook and wrong arguments', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pos-import-fail-'))
    const env = { NODE_ENV: 'test', DATA_DIR: join(folder, 'data') }
    try {
      const missing = capture()
      expect(await runImport([join(folder, 'nope.csv')], env, repositoriesOf, missing.output)).toBe(
        1,
      )
      expect(missing.err[0]).toMatch(/^Cannot read .*nope\.csv: no such file$/)

      const directory = capture()
      expect(await runImport([folder], env, repositoriesOf, directory.output)).toBe(1)
      expect(directory.err[0]).toContain('it is a folder, not a file')

      const workbook = join(folder, 'dealers.xlsx')
      writeFileSync(workbook, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))
      const excel = capture()
      expect(await runImport([workbook], env, repositoriesOf, excel.output)).toBe(1)
      expect(excel.err[0]).toContain('save it as CSV')

      for (const argv of [[], ['a.csv', 'b.csv'], ['--help']]) {
        const usage = capture()
        expect(await runImport(argv, env, repositoriesOf, usage.output)).toBe(1)
        expect(usage.err).toEqual(['Usage: npm run import:dealers -- <dealer-master.csv>'])
      }

      const config = capture()
      expect(
        await runImport(['x.csv'], { DATABASE_URL: 'mysql://x' }, repositoriesOf, config.output),
      ).toBe(1)
      expect(config.err[0]).toContain('DATABASE_URL must be a postgres:// connection URL')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
