import { readFile } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { bundleFileHeaders } from './app-headers'

/**
 * Where the renderer's files come from: the bundle electron-vite wrote to out/renderer (packaged and
 * `electron-vite preview`), or the Vite dev server in development, which transforms sources on request.
 */

export interface RendererSource {
  /**
   * Answers `request`, a GET or HEAD, with `file` ('/'-separated, relative to the bundle root; index.html
   * for app routes). A missing file is a 404; `policy` is the document's Content-Security-Policy.
   */
  get(file: string, request: Request, policy: string): Promise<Response>
}

/** Reads one file; null when there is none (or it is a directory). node:fs in the app, fakes in tests. */
export type ReadBundleFile = (path: string) => Promise<Uint8Array<ArrayBuffer> | null>

export const readFromDisk: ReadBundleFile = async (path) => {
  try {
    // A Buffer may sit on a shared pool; Response takes bytes of their own.
    return new Uint8Array(await readFile(path))
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** The bundle under `root`. Names are already checked (app-routes.ts); the containment check repeats it. */
export function bundledFiles(root: string, read: ReadBundleFile = readFromDisk): RendererSource {
  const base = resolve(root)
  return {
    async get(file, _request, policy) {
      const path = resolve(join(base, ...file.split('/')))
      const inside = relative(base, path)
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return notFound()
      const body = await read(path)
      if (body === null) return notFound()
      return new Response(body, { headers: bundleFileHeaders(file, policy) })
    },
  }
}

/**
 * The Vite dev server at `origin`: asked for the same path, query and headers the page asked with, so its
 * module graph, transforms, caching and its own app-route fallback apply. Only the document gets the app's
 * headers.
 */
export function devServer(origin: string, fetch: (url: string, init: RequestInit) => Promise<Response>): RendererSource {
  return {
    async get(file, request, policy) {
      const { pathname, search } = new URL(request.url)
      const target = new URL(`${pathname}${search}`, origin).href
      const response = await fetch(target, { method: request.method, headers: request.headers })
      if (file !== 'index.html') return response
      const headers = new Headers(response.headers)
      headers.set('Content-Security-Policy', policy)
      headers.set('Cache-Control', 'no-cache')
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    },
  }
}

export function notFound(): Response {
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }
  return new Response('Not found', { status: 404, headers })
}

function isMissing(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR'
}
