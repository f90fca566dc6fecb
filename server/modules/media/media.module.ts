import type Router from '@koa/router'
import type { Config } from '../../config'
import type { AppState } from '../../http/context'
import type { RateLimits } from '../../http/rate-limit'
import type { Logger } from '../../logger'
import { createMediaStorage } from './create-storage'
import { mediaRoutes } from './media.routes'
import type { MediaStorage } from './storage'
import { uploadRoutes } from './upload.routes'

export interface MediaModule {
  /** uploaded and generated images, on disk or in S3 (MEDIA_STORAGE) */
  storage: MediaStorage
  routers: { upload: Router<AppState>; media: Router<AppState> }
}

export function createMediaModule(deps: { config: Pick<Config, 'media'>; logger: Logger; rateLimits: RateLimits }): MediaModule {
  const media = createMediaStorage(deps.config.media, deps.logger)
  return { storage: media, routers: { upload: uploadRoutes({ media, rateLimits: deps.rateLimits }), media: mediaRoutes({ media }) } }
}
