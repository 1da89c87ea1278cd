// Runs first in every npm script, and in scripts/npx before npx, on the `node` those find first
// on the PATH: the pinned Node.js of node_modules/.bin where `npm ci` installed it, the machine's
// own otherwise. Stops with a message when that one may not run the project's scripts:
// - the development and test scripts (every one but `start`) need the pinned Node.js
//   (package.json, devEngines.runtime) on a platform the pin has a binary for (an optional
//   dependency `node-<platform>-<arch>` at that version, whose tarball's integrity
//   package-lock.json records), and 22.12 or newer on another (macOS: README, Node.js versions);
// - `npm start` (`--start`) needs 22.12 or newer: production may run the host's own 22 or 24.
import { readFileSync } from 'node:fs'

const MINIMUM = [22, 12]

const read = (file) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))
const fail = (message) => {
  console.error(message)
  process.exit(1)
}

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const tooOld = major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])
const { devEngines, optionalDependencies = {} } = read('package.json')
const pin = devEngines?.runtime?.version
if (!pin) {
  fail('package.json names no runtime (devEngines.runtime.version): the pin is its version.')
}

if (process.argv.includes('--start')) {
  if (tooOld) {
    fail(
      `Node.js ${process.version} would run the server; it needs ${MINIMUM.join('.')} or newer.\n` +
        `Run \`npm ci\` on a platform the pinned Node.js ${pin} has a binary for, or install\n` +
        'Node.js 22.12+ or 24 yourself (README, Node.js versions).',
    )
  }
  process.exit(0)
}

// Each binary package is the pin: one version to change (README, Node.js versions).
for (const [name, version] of Object.entries(optionalDependencies)) {
  if (/^node-(bin-)?(linux|win|darwin)-/.test(name) && version !== pin) {
    fail(`package.json: optionalDependencies.${name} is ${version}, devEngines.runtime is ${pin}.`)
  }
}

const platform = process.platform === 'win32' ? 'win' : process.platform
const binary = `node-${platform}-${process.arch}`
if (optionalDependencies[binary] === undefined) {
  // No binary of the pin for this platform: the machine's Node.js runs the scripts.
  if (tooOld) {
    fail(
      `Node.js ${process.version} runs this project's scripts; it needs ${MINIMUM.join('.')} or newer.\n` +
        `The pinned Node.js ${pin} has no binary for ${platform}-${process.arch}: install Node.js\n` +
        `${pin} (or 22.12+) yourself (README, Node.js versions).`,
    )
  }
  process.exit(0)
}

const locked = read('package-lock.json').packages?.[`node_modules/${binary}`]
if (locked?.version !== pin || !locked.integrity?.startsWith('sha512-')) {
  fail(
    `package-lock.json does not record ${binary}@${pin} with its integrity: run \`npm install\`\n` +
      'and commit the lockfile, so that `npm ci` checks the binary it installs.',
  )
}
if (process.version !== `v${pin}`) {
  fail(
    `Node.js ${process.version} runs this project's scripts, not the pinned ${pin} (${binary}).\n` +
      'Run `npm ci` (with the optional dependencies) and read its output; run a tool through its\n' +
      'npm script or `scripts/npx` (README, Node.js versions), not through the `npx` of another Node.js.',
  )
}
