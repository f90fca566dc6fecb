import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

const aliases = {
  '@': resolve(import.meta.dirname, 'src/renderer'),
  '@shared': resolve(import.meta.dirname, 'src/shared'),
}

const serverPort = Number(process.env.PORT ?? 3000)

/** Matches modules of the named npm packages (scoped names allowed). */
const packages = (names: string[]) => {
  const separator = String.raw`[\\/]`
  return new RegExp(`node_modules${separator}(${names.join('|').replaceAll('/', separator)})${separator}`)
}

/**
 * Left alone, the bundler cuts the libraries every page runs on into a dozen small shared chunks
 * (one per set of pages using them), and each costs the home page a request and some compression.
 * What the app shell always needs goes in one chunk; radix's internals, which every lazily loaded
 * radix primitive shares (tabs, menus, dialog, toasts) but the first paint does not, in another.
 */
const chunkGroups = [
  {
    name: 'framework',
    test: packages([
      'react',
      'react-dom',
      'scheduler',
      'react-router',
      'react-router-dom',
      '@tanstack/query-core',
      '@tanstack/react-query',
      'jotai',
      'tailwind-merge',
      'clsx',
      'class-variance-authority',
      // the session check parses with it; left out, a schema helper shared by two lazy pages (z.iso)
      // becomes a chunk of its own that the home page has to fetch
      'zod',
      // what Button's asChild needs
      '@radix-ui/react-slot',
      '@radix-ui/react-compose-refs',
      '@radix-ui/react-primitive',
    ]),
  },
  {
    name: 'radix-core',
    test: packages([
      '@radix-ui/primitive',
      '@radix-ui/react-context',
      '@radix-ui/react-use-[a-z-]+',
      '@radix-ui/react-id',
      '@radix-ui/react-direction',
      '@radix-ui/react-presence',
      '@radix-ui/react-collection',
      '@radix-ui/react-roving-focus',
    ]),
  },
]

/** The website build: the renderer alone, served by Koa from dist/web. */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false },
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
      '/healthz': { target: `http://127.0.0.1:${serverPort}` },
    },
  },
})
