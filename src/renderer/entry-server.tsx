import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { AppProvider } from './app/providers/app-provider'
import { appRoutes } from './app/router'

/** A page rendered on the server: the markup inside `#root`, or where the router sends the request instead. */
export type RenderedPage = { html: string } | { redirect: string; status: number }

/**
 * Renders the page at `url` to HTML as a visitor sees it before any script runs, with the browser's router and the
 * app's providers. It answers once everything is ready (the lazily loaded page's code too), so the page's whole content
 * is in the markup: no "Loading..." placeholder, and no inline script (the CSP allows none) to swap content in later.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(appRoutes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) return { redirect: context.headers.get('Location') ?? '/', status: context.status }
  const router = createStaticRouter(handler.dataRoutes, context)
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
      {
        // whole pages inline: past this size React sends a boundary after the shell, swapped in by an inline script
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const out = new PassThrough()
          const chunks: Buffer[] = []
          out.on('data', (chunk: Buffer) => chunks.push(chunk))
          out.on('end', () => resolve({ html: Buffer.concat(chunks).toString('utf8') }))
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
