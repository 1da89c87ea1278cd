// What the build reads, and whether dist/ was built from it as it is now: `npm start` builds only
// when a source, a configuration or the lockfile changed since the last build (docs/decisions.md,
// "npm start builds only what changed"). Plain JavaScript: it runs before anything is compiled.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The folders whose files the build compiles or bundles, and the files that configure it. */
const INPUT_FOLDERS = ['web', 'shared', 'server', 'scripts']
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
]
/** Where the stamp of the last build's inputs is kept, beside what it built. */
export const STAMP = 'dist/.build-inputs'
/** What a finished build leaves, without which there is nothing to serve. */
const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html']

function filesIn(root, folder) {
  const path = join(root, folder)
  if (!existsSync(path)) return []
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return []
    const child = join(folder, entry.name)
    return entry.isDirectory() ? filesIn(root, child) : [child]
  })
}

/** One hash of every input's path and content: any change to any of them changes it. */
export function inputsHash(root) {
  const hash = createHash('sha256')
  const files = [...INPUT_FOLDERS.flatMap((folder) => filesIn(root, folder)), ...INPUT_FILES]
    .filter((file) => existsSync(join(root, file)))
    .map((file) => relative(root, join(root, file)).split('\\').join('/'))
    .sort()
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/** True when dist/ holds a finished build of these inputs. */
export function isBuilt(root, hash) {
  const stamp = join(root, STAMP)
  return (
    OUTPUTS.every((output) => existsSync(join(root, output))) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === hash
  )
}

/** Records that dist/ was built from the inputs that had `hash` when the build began. */
export function stampBuild(root, hash) {
  writeFileSync(join(root, STAMP), `${hash}\n`)
}
