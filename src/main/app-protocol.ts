import { documentPolicy } from '../shared/security/content-security-policy'
import { bundleTarget, devServerTarget, isServerPath } from './app-routes'
import { offlineResponse } from './offline-page'
import { notFound, type RendererSource } from './renderer-source'
import type { ServerProbe } from './server-probe'

/**
 * Answers every request of the server's scheme in the app's session (protocol.handle intercepts a whole
 * scheme): the server's own paths and every other origin go on to the network untouched, the rest of the
 * server origin is answered from the bundled renderer, and a page load while the server is unreachable gets
 * the offline screen. WebSocket upgrades never reach a protocol handler; /ws connects directly.
 */

export type RequestHandler = (request: Request) => Promise<Response>

export interface AppRequestDeps {
  server: {
    /** Read on every request, so a changed server address applies without registering again. */
    origin(): string
    info(): { fromEnvironment: boolean }
  }
  /**
   * Sends a request on as it is, past this handler (net.fetch with bypassCustomProtocolHandlers). It runs in
   * the same session, so cookies the server sets are stored for its origin, which is the page's own.
   */
  passThrough: RequestHandler
  renderer: RendererSource
  probe: ServerProbe
  /** A failure to explain on the offline screen instead of the next page (crash-recovery.ts); taken once. */
  takeFailure?: () => string | undefined
  /** Told which page each document request was answered with, so main can tell the offline screen from the app. */
  documents?: ServedDocuments
  /**
   * Told when a page is answered with the offline screen: the page that reports the connection to the tray is not
   * running then, so main says "Offline" itself until the app's page reports again.
   */
  onOffline?: () => void
  /** In development the Vite dev server, which the document's CSP must let in. */
  devServerOrigin?: string
  warn?: (message: string, error: unknown) => void
}

export function createAppRequestHandler(deps: AppRequestDeps): RequestHandler {
  const warn = deps.warn ?? console.warn

  async function passOn(request: Request): Promise<Response> {
    // An unreachable server must look to the page like any failed request, not like an answer.
    return deps.passThrough(request).catch(() => Response.error())
  }

  return async (request) => {
    const url = new URL(request.url)
    const origin = deps.server.origin()
    // Writes go to the server whatever the path: the bundle only has files to read.
    if (url.origin !== origin || isServerPath(url.pathname) || !isRead(request.method)) return passOn(request)

    const target = deps.devServerOrigin ? devServerTarget(url.pathname) : bundleTarget(url.pathname)
    if (target.kind === 'refused') return notFound()
    try {
      const failure = target.kind === 'document' ? deps.takeFailure?.() : undefined
      if (failure !== undefined) {
        deps.documents?.record(request.url, 'offline')
        deps.onOffline?.()
        return forMethod(request.method, offlineResponse({ serverOrigin: origin, fromEnvironment: deps.server.info().fromEnvironment, failure }))
      }
      if (target.kind === 'document' && !(await deps.probe.isReachable(origin))) {
        deps.documents?.record(request.url, 'offline')
        deps.onOffline?.()
        return forMethod(request.method, offlineResponse({ serverOrigin: origin, fromEnvironment: deps.server.info().fromEnvironment }))
      }
      if (target.kind === 'document') deps.documents?.record(request.url, 'app')
      const file = target.kind === 'document' ? 'index.html' : target.file
      const policy = documentPolicy({ serverOrigin: origin, devServerOrigin: deps.devServerOrigin })
      return forMethod(request.method, await deps.renderer.get(file, request, policy))
    } catch (error) {
      warn(`[handover] could not answer ${url.pathname}:`, error)
      return Response.error()
    }
  }
}

export type ServedPage = 'app' | 'offline'

/**
 * Which page each address was last answered with. A window asks it when a load finishes: a deep link that arrives
 * while the offline screen shows must wait for the app, since the screen's own retries reload it and would drop it.
 */
export interface ServedDocuments {
  record(url: string, page: ServedPage): void
  /** Whether the page at `url` is the offline screen; an address never answered here (an in-app route) is the app. */
  isOffline(url: string): boolean
}

export function createServedDocuments(): ServedDocuments {
  // only the offline answers are kept, so the set stays as small as the outage
  const offline = new Set<string>()
  return {
    record(url, page) {
      const key = withoutHash(url)
      if (key === null) return
      if (page === 'offline') offline.add(key)
      else offline.delete(key)
    },
    isOffline(url) {
      const key = withoutHash(url)
      return key !== null && offline.has(key)
    },
  }
}

/** A request never carries the fragment; the address a window shows may. */
function withoutHash(url: string): string | null {
  if (!URL.canParse(url)) return null
  const parsed = new URL(url)
  parsed.hash = ''
  return parsed.href
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD'
}

function forMethod(method: string, response: Response): Response {
  if (method !== 'HEAD' || response.body === null) return response
  void response.body.cancel()
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** The part of Electron's session.protocol used here; `session.defaultSession.protocol` satisfies it. */
export interface ProtocolRegistry {
  handle(scheme: string, handler: RequestHandler): void
  unhandle(scheme: string): void
}

export interface InterceptedScheme {
  /** Call when the server address changes: only a different scheme (http ↔ https) needs a new registration. */
  follow(origin: string): void
}

/** Registers `handler` for the scheme of `origin`. Only that scheme: other origins of it pass through. */
export function interceptServerScheme(registry: ProtocolRegistry, handler: RequestHandler, origin: string): InterceptedScheme {
  let scheme = schemeOf(origin)
  registry.handle(scheme, handler)
  return {
    follow(next) {
      const nextScheme = schemeOf(next)
      if (nextScheme === scheme) return
      registry.unhandle(scheme)
      registry.handle(nextScheme, handler)
      scheme = nextScheme
    },
  }
}

function schemeOf(origin: string): 'http' | 'https' {
  return new URL(origin).protocol === 'https:' ? 'https' : 'http'
}
