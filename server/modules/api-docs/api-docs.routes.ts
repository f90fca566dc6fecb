import { createHash } from 'node:crypto'
import Router from '@koa/router'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import type { Endpoint } from '@shared/api/endpoint'
import { apiDocsEndpoints } from '@shared/api/endpoints/api-docs'
import { renderDocsPage } from './docs-page'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document'

export interface ApiDocsRoutesDeps {
  routes: readonly Endpoint[]
  version: string
  sessionCookie: string
}

/** The page's one inline style block, allowed by its hash: the page runs no script and loads nothing else. */
function pageSecurityPolicy(html: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
  const hash = createHash('sha256').update(style).digest('base64')
  return `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

/** GET /api/openapi.json (the document, built once from the route tables) and GET /api/docs (it as a page). */
export function apiDocsRoutes(deps: ApiDocsRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = apiDocsEndpoints
  let built: { document: OpenApiDocument; json: string; page: string; policy: string } | undefined
  const docs = () => {
    if (!built) {
      const document = buildOpenApiDocument(deps.routes, { version: deps.version, sessionCookie: deps.sessionCookie })
      const page = renderDocsPage(document)
      built = { document, json: JSON.stringify(document), page, policy: pageSecurityPolicy(page) }
    }
    return built
  }

  mount(router, on.getOpenapiJson, (ctx) => {
    ctx.type = 'application/json; charset=utf-8'
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.body = docs().json
  })

  mount(router, on.getDocs, (ctx) => {
    const { page, policy } = docs()
    ctx.type = 'text/html; charset=utf-8'
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.set('Content-Security-Policy', policy)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.body = page
  })

  return router
}
