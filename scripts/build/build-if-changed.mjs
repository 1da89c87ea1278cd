// `npm start` and `npm run build`: builds (Vite, tsc, the data templates: `npm run build:steps`)
// unless dist/ already holds a build of the sources as they are now; `--always` builds anyway.
// The inputs are hashed before the build begins and stamped after it succeeds, so a file changed
// during a build, or a build that failed, leaves dist/ to be built again.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { inputsHash, isBuilt, stampBuild } from './build-inputs.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))
const hash = inputsHash(root)
if (!process.argv.includes('--always') && isBuilt(root, hash)) {
  console.log('The build is up to date with the sources: not building again.')
} else {
  const build = spawnSync('npm', ['run', 'build:steps'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  stampBuild(root, hash)
}
