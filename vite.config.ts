import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkModules } from './scripts/build/chunk-modules-plugin.js'
import { precompress } from './scripts/build/precompress-plugin.js'

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), chunkModules(fileURLToPath(new URL('.', import.meta.url))), precompress()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunks each page loads, for npm run budget.
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        'oidc-silent': fileURLToPath(new URL('./web/oidc-silent.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
})
