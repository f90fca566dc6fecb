import Router from '@koa/router'
import { PRIVATE_PATH_PREFIXES } from '@shared/seo'
import type { AppContext, AppState } from '../../http/context'
import { notFound } from '../../http/errors'
import type { BlogService } from '../blog/blog.service'
import { listingsSitemap, mainSitemap, pagesSitemap, PAGES_SITEMAP_PATH, type SitemapOptions } from './sitemap'
import { listingSitemapSource } from './sitemap-source'
import { SITEMAP_PAGES } from './site-paths'

const SITEMAP_CACHE = 'public, max-age=600'
const ROBOTS_CACHE = 'public, max-age=3600'

/** robots.txt: everything may be crawled except the API and private screens; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).toString()}`,
    '',
  ].join('\n')
}

function sendXml(ctx: AppContext, xml: string) {
  ctx.type = 'application/xml; charset=utf-8'
  ctx.set('Cache-Control', SITEMAP_CACHE)
  ctx.body = xml
}

export function seoRoutes(deps: { publicUrl: string; blog: BlogService }): Router<AppState> {
  const router = new Router<AppState>()
  const origin = new URL(deps.publicUrl).origin
  const options = async (ctx: AppContext): Promise<SitemapOptions> => ({
    origin,
    pages: SITEMAP_PAGES,
    articles: await deps.blog.sitemapEntries(ctx.state.em),
    source: listingSitemapSource(ctx.state.em),
  })

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8'
    ctx.set('Cache-Control', ROBOTS_CACHE)
    ctx.body = robotsTxt(origin)
  })

  router.get('/sitemap.xml', async (ctx) => {
    sendXml(ctx, await mainSitemap(await options(ctx)))
  })

  router.get(PAGES_SITEMAP_PATH, async (ctx) => {
    sendXml(ctx, pagesSitemap(await options(ctx)))
  })

  router.get('/sitemap-listings-:n.xml', async (ctx) => {
    const n = /^\d{1,6}$/.test(ctx.params.n ?? '') ? Number(ctx.params.n) : NaN
    const xml = await listingsSitemap(await options(ctx), n)
    if (xml === null) throw notFound('No such sitemap')
    sendXml(ctx, xml)
  })

  return router
}
