// Runs before `npm start` and `npm test` on the `node` that npm scripts find first on the PATH:
// the Node.js 24 of the `node` package (package.json, optionalDependencies) where it installed,
// the machine's own otherwise. Stops with a message when that one is too old for the project.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node.js ${process.version} runs this project's scripts; it needs 22.12 or newer.\n` +
      'The pinned Node.js 24 (the `node` package) did not install on this machine: run `npm ci`\n' +
      'again and read its output, or install Node.js 24 yourself (README, Set up).',
  )
  process.exit(1)
}
