import { endpointRoutesOnly } from './scripts/endpoint-routes-only'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin, type Rolldown } from 'vite'

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
 * What the app shell always needs goes in four chunks (React, the router, the query client, the rest), which a page
 * the server rendered runs one at a time (main.tsx); radix's internals, which every lazily loaded radix primitive
 * shares (tabs, menus, dialog, toasts) but the first paint does not, in another.
 */
const chunkGroups = [
  { name: 'react', test: packages(['react', 'react-dom', 'scheduler']) },
  { name: 'router', test: packages(['react-router', 'react-router-dom']) },
  { name: 'query', test: packages(['@tanstack/query-core', '@tanstack/react-query', 'jotai']) },
  {
    name: 'framework',
    test: packages([
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

/** Every file under a folder, as '/'-rooted URL paths. */
function filesUnder(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path, root) : [`/${relative(root, path).split('\\').join('/')}`]
  })
}

/**
 * What the page needs before any screen: the entry, the app it imports, what both import statically, and their CSS.
 * Screens are lazy chunks the worker stores when first used.
 */
function shellFiles(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const shell = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName)
    if (!chunk || shell.has(fileName)) return
    shell.add(fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css)
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) shell.add(asset)
    chunk.imports.forEach(visit)
  }
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
    visit(entry.fileName)
    entry.dynamicImports.forEach(visit)
  }
  return [...shell].sort().map((fileName) => `/${fileName}`)
}

/**
 * The entry imports the app dynamically (so that a failure to load it can still be reported), which leaves the
 * browser to find the app and the framework it imports only once the entry has run: two round trips one after the
 * other before anything renders. Preload hints in the page let it fetch them alongside the entry instead.
 */
function appPreload(): Plugin {
  return {
    name: 'handover-app-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return []
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const entry = chunks.find((chunk) => chunk.isEntry)
        if (!entry) return []
        const preload = new Set<string>()
        const visit = (fileName: string) => {
          const chunk = byName.get(fileName)
          if (!chunk || preload.has(fileName) || fileName === entry.fileName || entry.imports.includes(fileName)) return
          preload.add(fileName)
          chunk.imports.forEach(visit)
        }
        entry.dynamicImports.forEach(visit)
        return [...preload].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

/**
 * Stamps the service worker that Vite copied from public/ with this build's id and the shell it stores at install,
 * and writes build.json (the id, for GET /api/diagnostic). The id hashes everything the build emits, so any change
 * gives browsers a new worker and its "Update available" prompt, while rebuilding the same sources does not.
 * The development server serves public/sw.js unstamped and never registers it.
 */
function serviceWorkerBuild(): Plugin {
  let outDir = ''
  let publicDir = ''
  return {
    name: 'handover-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      publicDir = config.publicDir
    },
    writeBundle(_options, bundle) {
      const hash = createHash('sha256')
      for (const file of Object.values(bundle).sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        if (file.fileName.endsWith('.map')) continue
        hash.update(`${file.fileName}\n`).update(file.type === 'chunk' ? file.code : file.source)
      }
      const publicFiles = filesUnder(publicDir)
      for (const path of publicFiles) hash.update(`${path}\n`).update(readFileSync(join(publicDir, path)))
      const id = hash.digest('hex').slice(0, 16)
      // public files index.html names (the icon, theme.js that runs before the first paint) are shell too; sounds stay
      // with the HTTP cache, since media elements ask for byte ranges
      const shellPublic = publicFiles.filter((path) => path !== '/sw.js' && !path.startsWith('/sounds/'))
      const shell = ['/index.html', ...shellPublic, ...shellFiles(bundle)]
      const workerFile = join(outDir, 'sw.js')
      const worker = readFileSync(workerFile, 'utf8')
      const stamp = /^const BUILD = .*$/m
      if (!stamp.test(worker)) this.error('sw.js has no "const BUILD = …" line to stamp')
      writeFileSync(
        workerFile,
        worker.replace(stamp, () => `const BUILD = ${JSON.stringify({ id, shell })}`),
      )
      writeFileSync(join(outDir, 'build.json'), `${JSON.stringify({ id })}\n`)
    },
  }
}

/** The website build: the renderer alone, served by Koa from dist/web. */
const browserBuild = defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  plugins: [endpointRoutesOnly(), react(), tailwindcss(), appPreload(), serviceWorkerBuild()],
  resolve: { alias: aliases },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
    // no chunk preloads another's imports at run time: each preload link costs the main thread a millisecond or more on
    // a large page (four on a slow phone), added in the middle of hydrating it or of a tap. A page rendered in the
    // browser has the app's in its HTML already (appPreload); a lazy screen's own imports, mostly shared chunks loaded
    // already, are fetched once it arrives.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
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

/**
 * The same renderer built for Node (`vite build --ssr`): entry-server.js in dist/ssr, which the server imports to
 * render public pages with their content. Packages stay in node_modules; styles and the public files are the browser
 * build's.
 */
const serverBuild = defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  publicDir: false,
  plugins: [endpointRoutesOnly(), react()],
  resolve: { alias: aliases },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/ssr'),
    emptyOutDir: true,
    sourcemap: true,
    ssr: true,
    rolldownOptions: { input: resolve(import.meta.dirname, 'src/renderer/entry-server.tsx') },
  },
})

export default defineConfig((env) => (env.isSsrBuild ? serverBuild : browserBuild))
