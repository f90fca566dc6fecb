import { join } from 'node:path'
import type { Logger } from '../../logger'
import type { AppContext } from '../../http/context'
import type { BlogService } from '../blog/blog.service'
import type { ListingsService } from '../listings/listings.service'
import { renderHead } from './head'
import { fallbackPage, resolvePage, type ResolvedPage } from './pages'
import { createTemplateLoader } from './template'

export interface PageRendererDeps {
  /** the built website, holding index.html */
  root: string
  publicUrl: string
  listings: ListingsService
  blog: BlogService
  logger: Logger
}

/**
 * Answers a page route with the app's index.html carrying that page's title, description, canonical,
 * robots, preview tags and structured data, so crawlers and link previews need no JavaScript.
 */
export function createPageRenderer(deps: PageRendererDeps): (ctx: AppContext) => Promise<void> {
  const loadTemplate = createTemplateLoader(join(deps.root, 'index.html'))
  const origin = new URL(deps.publicUrl).origin

  return async (ctx) => {
    let page: ResolvedPage
    try {
      page = await resolvePage({ em: ctx.state.em, listings: deps.listings, blog: deps.blog, origin }, ctx.path)
    } catch (err) {
      // the app itself still loads and shows the page; only its tags are generic this time
      deps.logger.warn({ err, path: ctx.path }, 'page tags unavailable')
      page = fallbackPage(origin, ctx.path)
    }
    const template = await loadTemplate()
    ctx.status = page.status
    ctx.type = 'html'
    ctx.set('Cache-Control', 'no-cache')
    ctx.body = template.render(renderHead(page.head, page.structured))
  }
}
