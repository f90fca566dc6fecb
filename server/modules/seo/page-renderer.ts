import { join } from 'node:path'
import { isPrivatePath } from '@shared/seo'
import { isServerRenderedPath } from '@shared/site-routes'
import type { Logger } from '../../logger'
import type { AppContext } from '../../http/context'
import type { BlogService } from '../blog/blog.service'
import type { ListingsService } from '../listings/listings.service'
import { renderHead } from './head'
import { fallbackPage, resolvePage, type ResolvedPage } from './pages'
import { createTemplateLoader, type RenderedBody } from './template'

export interface PageRendererDeps {
  /** the built website, holding index.html */
  root: string
  publicUrl: string
  listings: ListingsService
  blog: BlogService
  logger: Logger
  /** a page's content rendered on the server (null: none this time), for the public pages that have it */
  renderContent?: (url: string) => Promise<RenderedBody | null>
}

/**
 * Answers a page route with the app's index.html carrying that page's title, description, canonical,
 * robots, preview tags and structured data, so crawlers and link previews need no JavaScript. A public page that
 * was found also carries its content, rendered on the server, for the browser to hydrate; a page whose content cannot
 * be rendered (an error, too slow) goes out without it and is rendered in the browser, as every page once was.
 */
export function createPageRenderer(deps: PageRendererDeps): (ctx: AppContext) => Promise<void> {
  const loadTemplate = createTemplateLoader(join(deps.root, 'index.html'))
  const origin = new URL(deps.publicUrl).origin

  const content = async (ctx: AppContext): Promise<RenderedBody | null> => {
    if (!deps.renderContent || isPrivatePath(ctx.path) || !isServerRenderedPath(ctx.path)) return null
    try {
      return await deps.renderContent(new URL(ctx.url, origin).toString())
    } catch (err) {
      deps.logger.warn({ err, path: ctx.path }, 'page content not rendered on the server')
      return null
    }
  }

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
    const body = page.status === 200 ? await content(ctx) : null
    ctx.status = page.status
    ctx.type = 'html'
    ctx.set('Cache-Control', 'no-cache')
    ctx.body = template.render(renderHead(page.head, page.structured), body ?? undefined)
  }
}
