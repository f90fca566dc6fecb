import { endpointRoutesOnly } from './scripts/endpoint-routes-only'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, externalizeDepsPlugin } from 'electron-vite'

// the same aliases as vite.web.config.ts (configs import no local files: Vite loads them natively)
const aliases = {
  '@': resolve(import.meta.dirname, 'src/renderer'),
  '@shared': resolve(import.meta.dirname, 'src/shared'),
}

/**
 * The renderer is served at the server's origin by the main process (src/main/app-protocol.ts), so asset
 * URLs must be absolute to resolve from any route (/chat/12). electron-vite forces a relative base for
 * file:// pages in its own config hook, which a plain `base` option loses to; a later hook wins.
 */
const absoluteBase = { name: 'handover:absolute-base', config: () => ({ base: '/' }) }

/** The desktop build: main, preload and the same renderer bundled into the app. */
export default defineConfig({
  main: {
    // main's only packages at run time, zod and electron-updater, are bundled in: the installer carries no node_modules
    plugins: [externalizeDepsPlugin({ exclude: ['zod', 'electron-updater'] })],
    resolve: { alias: { '@shared': aliases['@shared'] } },
    build: { rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    resolve: { alias: { '@shared': aliases['@shared'] } },
    // a sandboxed preload must be CommonJS; package.json says "type": "module"
    build: {
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
    plugins: [endpointRoutesOnly(), absoluteBase, react(), tailwindcss()],
    resolve: { alias: aliases },
    build: { rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } } },
  },
})
