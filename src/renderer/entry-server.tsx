import { PassThrough } from 'node:stream'
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom'
import { setApiTransport } from './lib/api-client'
import { createQueryClient } from './lib/query-client'
import { authKeys } from './lib/query-keys'
import { AppProvider } from './app/providers/app-provider'
import { appRoutes } from './app/router'

/**
 * A page rendered on the server: the markup inside `#root` and the data it was rendered with (for the browser's query
 * client, so hydrating asks the server nothing again), or where the router sends the request instead.
 */
export type RenderedPage = { html: string; state: DehydratedState } | { redirect: string; status: number }

export interface RenderOptions {
  /** the server's own API, as a visitor with no session: `path` is an /api path, answered as the browser would be */
  api?: (path: string, init: RequestInit) => Promise<Response>
}

/** Rounds of "render, then fetch what the render asked for": a listing's page asks for its seller's others once it has the listing. */
const MAX_DATA_ROUNDS = 4

/**
 * Whose answer depends on who asks: left for the browser, so a signed-in visitor's header is not pinned to the
 * signed-out one the server would see.
 */
const VIEWER_ROOT = authKeys.all[0]

function renderOnce(queryClient: QueryClient, handler: ReturnType<typeof createStaticHandler>, context: StaticHandlerContext): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context)
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
      {
        // whole pages inline: past this size React sends a boundary after the shell, swapped in by an inline script
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const out = new PassThrough()
          const chunks: Buffer[] = []
          out.on('data', (chunk: Buffer) => chunks.push(chunk))
          out.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
          pipe(out)
        },
        onShellError: reject,
        onError: (err) => {
          abort()
          reject(err instanceof Error ? err : new Error(String(err)))
        },
      },
    )
  })
}

/** Queries the last render created and nobody has asked the server for yet. */
function unasked(queryClient: QueryClient, asked: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (asked.has(query.queryHash) || query.state.data !== undefined || query.queryKey[0] === VIEWER_ROOT) return false
      const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) }
      return typeof enabled === 'function' ? enabled(query) : enabled !== false
    })
}

/**
 * Renders the page at `url` to HTML as a visitor sees it before any script runs, with the browser's router and the
 * app's providers. It answers once everything is ready (the lazily loaded page's code too), so the page's whole content
 * is in the markup: no "Loading..." placeholder, and no inline script (the CSP allows none) to swap content in later.
 *
 * The data comes the way the page itself asks for it: each render creates the queries its screens use, the server
 * answers them, and the page is rendered again with the answers, until a render asks for nothing new. A query the
 * server cannot answer (a 404, an API error) is left out, so the page shows its loading state there and the browser
 * asks again, exactly as if the server had not tried.
 */
export async function renderPage(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
  if (options.api) setApiTransport(options.api)
  const handler = createStaticHandler(appRoutes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) return { redirect: context.headers.get('Location') ?? '/', status: context.status }
  const queryClient = createQueryClient()
  const asked = new Set<string>()
  for (let round = 0; ; round++) {
    const html = await renderOnce(queryClient, handler, context)
    const queries = round < MAX_DATA_ROUNDS ? unasked(queryClient, asked) : []
    if (queries.length === 0) {
      const state = dehydrate(queryClient)
      queryClient.clear()
      return { html, state }
    }
    await Promise.all(
      queries.map(async (query) => {
        asked.add(query.queryHash)
        // once, and no retries: a page waits for the server's answer, not for its back-off
        await query.fetch({ ...query.options, retry: false }).catch(() => undefined)
        if (query.state.status === 'error') queryClient.getQueryCache().remove(query)
      }),
    )
  }
}
