import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inputsHash, isBuilt, stampBuild } from './build-inputs.mjs'

describe('npm start builds only when what the build reads changed', () => {
  let root: string
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-inputs-'))
    write('web/src/main.tsx', 'render()')
    write('server/main.ts', 'listen()')
    write('shared/rule.ts', 'export const A = 1')
    write('package-lock.json', '{}')
    write('dist/server/main.js', 'built')
    write('dist/web/index.html', '<html>')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('serves the build stamped with the sources as they are', () => {
    const hash = inputsHash(root)
    expect(isBuilt(root, hash)).toBe(false)
    stampBuild(root, hash)
    expect(isBuilt(root, inputsHash(root))).toBe(true)
  })

  it('builds again after a source, a new file or the lockfile changed', () => {
    stampBuild(root, inputsHash(root))
    for (const [file, text] of [
      ['shared/rule.ts', 'export const A = 2'],
      ['web/src/new-page.tsx', 'page()'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ] as const) {
      write(file, text)
      expect(isBuilt(root, inputsHash(root)), file).toBe(false)
      stampBuild(root, inputsHash(root))
    }
  })

  it('builds again when the build output is gone, and ignores what the build wrote', () => {
    stampBuild(root, inputsHash(root))
    write('dist/web/assets/chunk.js', 'x')
    write('data/pglite/file', 'x')
    expect(isBuilt(root, inputsHash(root))).toBe(true)
    rmSync(join(root, 'dist/web/index.html'))
    expect(isBuilt(root, inputsHash(root))).toBe(false)
  })
})
