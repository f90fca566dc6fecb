import Router from '@koa/router'
import { imagesEndpoints } from '@shared/api/endpoints/images'
import { clientIp, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import type { RateLimits } from '../../http/rate-limit'
import { badImageUrl } from './image-errors'
import type { ImageProxy } from './image-proxy'

export interface ImageRoutesDeps {
  proxy: ImageProxy
  /** the proxy is public and fetches from elsewhere on the caller's behalf, so it is limited per IP */
  rateLimits: RateLimits
}

/** Headers that keep a proxied file an inert image even if it is something else inside. */
const IMAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=86400',
}

/** GET /api/proxy/image?url= — listing banners hosted anywhere, shown without leaking the viewer to the host. */
export function imageRoutes(deps: ImageRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = imagesEndpoints

  mount(router, on.getProxyImage, async (ctx) => {
    await deps.rateLimits.consume('imageProxy', clientIp(ctx))
    const raw = ctx.query.url
    if (typeof raw !== 'string' || raw.trim() === '') throw badImageUrl('Pass one image address as ?url=')
    const image = await deps.proxy.fetch(raw.trim())
    ctx.set(IMAGE_HEADERS)
    ctx.set('ETag', image.etag)
    if (matchesETag(ctx.get('If-None-Match'), image.etag)) {
      ctx.status = 304
      return
    }
    ctx.type = image.contentType
    ctx.body = image.body
  })

  return router
}

/**
 * Weak comparison as RFC 9110 asks of If-None-Match. Not Koa's ctx.fresh: that ignores the header when the
 * request also says `Cache-Control: no-cache`, which fetch() adds to every conditional request.
 */
function matchesETag(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
}
