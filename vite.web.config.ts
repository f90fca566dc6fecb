import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

const aliases = {
  '@': resolve(import.meta.dirname, 'src/renderer'),
  '@shared': resolve(import.meta.dirname, 'src/shared'),
}

const serverPort = Number(process.env.PORT ?? 3000)

/** The website build: the renderer alone, served by Koa from dist/web. */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: { outDir: resolve(import.meta.dirname, 'dist/web'), emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false },
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/healthz': { target: `http://127.0.0.1:${serverPort}` },
    },
  },
})
