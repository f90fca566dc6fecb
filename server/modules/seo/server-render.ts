import { stat } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import inject from 'light-my-request'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RenderedBody } from './template'

/** What the website's server bundle (dist/ssr/entry-server.js, from src/renderer/entry-server.tsx) exports. */
interface ServerBundle {
  renderPage(
    url: string,
    options: { api: (path: string, init: RequestInit) => Promise<Response> },
  ): Promise<{ html: string; state: unknown } | { redirect: string; status: number }>
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void

/** Past this the visitor gets the page without its content, which the browser renders as it always did. */
export const SERVER_RENDER_TIMEOUT_MS = 3_000

/**
 * The app's own API, answered in this process without a socket: the page's reads go through every middleware a
 * browser's would (so the data is exactly what the browser would get) as a visitor with no session. Only reads of
 * /api are let through; rendering a page never writes.
 */
export function inProcessApi(handler: () => RequestHandler): (path: string, init: RequestInit) => Promise<Response> {
  return async (path, init) => {
    const method = (init.method ?? 'GET').toUpperCase()
    if (method !== 'GET' || !path.startsWith('/api/')) throw new TypeError(`A page rendered on the server only reads the API, not ${method} ${path}`)
    const answer = await inject(handler() as Parameters<typeof inject>[0], { method: 'GET', url: path, headers: { accept: 'application/json' } })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers })
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not rendered within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * Renders a page's content with the website's server bundle, loaded on first use and again after a new build. No
 * bundle (a development checkout that built only the browser's part) means no content: `null`, and the page is
 * rendered in the browser as before.
 */
export function createServerRender(options: { entry: string; api: (path: string, init: RequestInit) => Promise<Response>; timeoutMs?: number }) {
  let loaded: { mtimeMs: number; bundle: Promise<ServerBundle> } | undefined
  const bundle = async (): Promise<ServerBundle | null> => {
    const mtimeMs = await stat(options.entry).then(
      (file) => file.mtimeMs,
      () => null,
    )
    if (mtimeMs === null) return null
    if (loaded?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(options.entry).href}?build=${mtimeMs}`
      loaded = { mtimeMs, bundle: import(url) as Promise<ServerBundle> }
    }
    return loaded.bundle
  }
  return async (url: string): Promise<RenderedBody | null> => {
    const server = await bundle()
    if (!server) return null
    const page = await withTimeout(server.renderPage(url, { api: options.api }), options.timeoutMs ?? SERVER_RENDER_TIMEOUT_MS)
    return 'html' in page ? { markup: page.html, data: page.state } : null
  }
}
