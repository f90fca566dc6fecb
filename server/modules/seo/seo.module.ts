import type Router from '@koa/router'
import type { Config } from '../../config'
import type { AppContext, AppState } from '../../http/context'
import type { Logger } from '../../logger'
import type { BlogService } from '../blog/blog.service'
import type { ListingsService } from '../listings/listings.service'
import { join } from 'node:path'
import { createPageRenderer } from './page-renderer'
import { createServerRender } from './server-render'
import { seoRoutes } from './seo.routes'

export interface SeoModuleDeps {
  config: Pick<Config, 'publicUrl'>
  blog: BlogService
  listings: ListingsService
  logger: Logger
}

export interface SeoModule {
  /** robots.txt and the sitemap */
  router: Router<AppState>
  /**
   * each page of the built website (`root`, holding index.html) with its own head tags, and the public ones with their
   * content, rendered by the server bundle built beside it (`../ssr`) with data read from `api`
   */
  pageRenderer(root: string, api: (path: string, init: RequestInit) => Promise<Response>): (ctx: AppContext) => Promise<void>
}

export function createSeoModule(deps: SeoModuleDeps): SeoModule {
  const { config, blog, listings, logger } = deps
  return {
    router: seoRoutes({ publicUrl: config.publicUrl, blog }),
    pageRenderer: (root, api) =>
      createPageRenderer({
        root,
        publicUrl: config.publicUrl,
        listings,
        blog,
        logger,
        renderContent: createServerRender({ entry: join(root, '..', 'ssr', 'entry-server.js'), api }),
      }),
  }
}
