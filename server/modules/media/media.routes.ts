import Router from '@koa/router'
import type { AppState } from '../../http/context'
import { notFound } from '../../http/errors'
import { MEDIA_KEY_PATTERN, mediaContentType, type MediaStorage } from './storage'

/**
 * A key names its content for ever (random name, written once), so the file may be cached for a year and
 * the key is a sound ETag. The headers keep a stored file an inert image whatever it contains.
 */
const MEDIA_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'",
}

/** GET /media/<key>: uploaded images, streamed from the media storage. */
export function mediaRoutes(deps: { media: MediaStorage }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/media' })

  router.get('/:folder/:file', async (ctx) => {
    const key = `${ctx.params.folder}/${ctx.params.file}`
    if (!MEDIA_KEY_PATTERN.test(key)) throw notFound('Image not found')
    const file = await deps.media.open(key)
    if (!file) throw notFound('Image not found')
    const etag = `"${ctx.params.file.replace(/\..*$/, '')}-${file.size}"`
    ctx.set(MEDIA_HEADERS)
    ctx.set('ETag', etag)
    if (
      ctx
        .get('If-None-Match')
        .split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === etag)
    ) {
      file.body.destroy()
      ctx.status = 304
      return
    }
    ctx.type = mediaContentType(key)
    ctx.length = file.size
    ctx.body = file.body
  })

  return router
}
