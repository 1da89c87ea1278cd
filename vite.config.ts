import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
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
