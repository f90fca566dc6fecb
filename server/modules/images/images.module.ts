import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { RateLimits } from '../../http/rate-limit'
import { createImageProxy, type ImageProxy } from './image-proxy'
import { imageRoutes } from './image.routes'

export interface ImagesModuleDeps {
  /** tests inject one with a fake resolver; otherwise the public-addresses-only default */
  imageProxy?: ImageProxy
  rateLimits: RateLimits
}

/** Listing banners hosted anywhere, fetched through the server so the viewer is not shown to their host. */
export function createImagesModule(deps: ImagesModuleDeps): { router: Router<AppState> } {
  return { router: imageRoutes({ proxy: deps.imageProxy ?? createImageProxy(), rateLimits: deps.rateLimits }) }
}
