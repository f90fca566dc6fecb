import { randomBytes } from 'node:crypto'
import Router from '@koa/router'
import multer from '@koa/multer'
import type { Middleware } from 'koa'
import { LISTING_IMAGE_FIELD, LISTING_RULES, type UploadedImage } from '@shared/api/listings'
import { mediaEndpoints } from '@shared/api/endpoints/media'
import { requireActiveUser } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { badRequest } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import { imageTooLarge, processListingImage } from './listing-image'
import { mediaUrl, type MediaStorage } from './storage'

const ONE_IMAGE = `Send one image as multipart/form-data in the field “${LISTING_IMAGE_FIELD}”`

interface MulterLikeError extends Error {
  code?: string
}

export interface OneImageUpload {
  field: string
  maxBytes: number
  tooLarge: () => Error
  /** the 400 for anything but one file in `field` */
  malformed: string
}

const LISTING_UPLOAD: OneImageUpload = {
  field: LISTING_IMAGE_FIELD,
  maxBytes: LISTING_RULES.imageMaxBytes,
  tooLarge: imageTooLarge,
  malformed: ONE_IMAGE,
}

/** Exactly one file in memory, no text fields; multer stops reading at the size limit. */
export function receiveOneImage(upload: OneImageUpload = LISTING_UPLOAD): Middleware {
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: upload.maxBytes, files: 1, fields: 0 },
  }).single(upload.field)
  return async (ctx, next) => {
    try {
      await receive(ctx, async () => {})
    } catch (raw) {
      const err = raw as MulterLikeError
      if (err.code === 'LIMIT_FILE_SIZE') throw upload.tooLarge()
      // another field, a second file, a cut-off or malformed body
      throw badRequest(upload.malformed, 'bad_upload')
    }
    return next()
  }
}

/** The buffer receiveOneImage left on the context, or the 400. */
export function receivedFile(ctx: object, malformed: string): Buffer {
  const file = (ctx as { file?: { buffer?: Buffer } }).file
  if (!file?.buffer) throw badRequest(malformed, 'bad_upload')
  return file.buffer
}

export interface UploadRoutesDeps {
  media: MediaStorage
  rateLimits: RateLimits
}

/** POST /api/uploads/listing-image: a signed-in seller's image, re-encoded, stored, answered with its URL. */
export function uploadRoutes(deps: UploadRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = mediaEndpoints

  mount(
    router,
    on.postUploadsListingImage,
    async (ctx, next) => {
      // who and how often, before a byte of the body is read
      const user = await requireActiveUser(ctx)
      await deps.rateLimits.consume('listingImageUpload', String(user.id))
      return next()
    },
    receiveOneImage(),
    async (ctx) => {
      const image = await processListingImage(receivedFile(ctx, ONE_IMAGE))
      const key = `listings/${randomBytes(16).toString('hex')}.webp`
      await deps.media.put(key, image.data)
      const body: UploadedImage = { url: mediaUrl(key), width: image.width, height: image.height, bytes: image.data.length }
      ctx.status = 201
      ctx.body = body
    },
  )

  return router
}
