import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text the browser downloads; source maps are left as they are (only devtools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than the headers it needs. */
const MIN_BYTES = 1024

/**
 * Writes `file.br` and `file.gz` beside every emitted text asset, at the best compression, so
 * @fastify/static (`preCompressed: true`) serves them without compressing on each request.
 */
export function precompress(): Plugin {
  return {
    name: 'pos:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      const files = Object.keys(bundle).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'),
      )
      await Promise.all(files.map((file) => compressFile(join(dir, file))))
    },
  }
}

async function compressFile(path: string): Promise<void> {
  const content = await readFile(path)
  if (content.length < MIN_BYTES) return
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ])
  if (br.length < content.length) await writeFile(`${path}.br`, br)
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz)
}
