import { randomBytes } from 'node:crypto'
import Router from '@koa/router'
import multer from '@koa/multer'
import type { Middleware } from 'koa'
import { LISTING_RULES, type UploadedImage } from '@shared/api/listings'
import { requireActiveUser } from '../../http/access'
import type { AppState } from '../../http/context'
import { badRequest } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import { imageTooLarge, processListingImage } from './listing-image'
import { mediaUrl, type MediaStorage } from './storage'

export const LISTING_IMAGE_FIELD = 'image'
const ONE_IMAGE = `Send one image as multipart/form-data in the field “${LISTING_IMAGE_FIELD}”`

interface MulterLikeError extends Error {
  code?: string
}

/** Exactly one file in memory, no text fields; multer stops reading at the size limit. */
function receiveOneImage(): Middleware {
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: LISTING_RULES.imageMaxBytes, files: 1, fields: 0 },
  }).single(LISTING_IMAGE_FIELD)
  return async (ctx, next) => {
    try {
      await receive(ctx, async () => {})
    } catch (raw) {
      const err = raw as MulterLikeError
      if (err.code === 'LIMIT_FILE_SIZE') throw imageTooLarge()
      // another field, a second file, a cut-off or malformed body
      throw badRequest(ONE_IMAGE, 'bad_upload')
    }
    return next()
  }
}

export interface UploadRoutesDeps {
  media: MediaStorage
  rateLimits: RateLimits
}

/** POST /api/uploads/listing-image: a signed-in seller's image, re-encoded, stored, answered with its URL. */
export function uploadRoutes(deps: UploadRoutesDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/uploads' })

  router.post(
    '/listing-image',
    async (ctx, next) => {
      // who and how often, before a byte of the body is read
      const user = await requireActiveUser(ctx)
      await deps.rateLimits.consume('listingImageUpload', String(user.id))
      return next()
    },
    receiveOneImage(),
    async (ctx) => {
      const file = (ctx as { file?: { buffer?: Buffer } }).file
      if (!file?.buffer) throw badRequest(ONE_IMAGE, 'bad_upload')
      const image = await processListingImage(file.buffer)
      const key = `listings/${randomBytes(16).toString('hex')}.webp`
      await deps.media.put(key, image.data)
      const body: UploadedImage = { url: mediaUrl(key), width: image.width, height: image.height, bytes: image.data.length }
      ctx.status = 201
      ctx.body = body
    },
  )

  return router
}
