import sharp from 'sharp'
import { LISTING_RULES, LISTING_WRITE_MESSAGES } from '@shared/api/listings'
import { HttpError, badRequest } from '../../http/errors'

/** Longest side of a stored listing image; larger uploads are scaled down, smaller ones kept as they are. */
export const LISTING_IMAGE_MAX_SIDE = 1600
export const LISTING_IMAGE_QUALITY = 82
/** Refuses decompression bombs before decoding: 40 megapixels is far beyond any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

export interface ProcessedImage {
  data: Buffer
  width: number
  height: number
}

export const imageTooLarge = () => new HttpError(413, 'payload_too_large', LISTING_WRITE_MESSAGES.imageSize)

/**
 * Checks what the bytes really are (never the file name or the declared type), then re-encodes:
 * turned upright by its EXIF orientation, every metadata block (location, camera) dropped, scaled to
 * fit 1600×1600, WebP. What is stored is always an image sharp produced, never the uploaded bytes.
 */
export async function processListingImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > LISTING_RULES.imageMaxBytes) throw imageTooLarge()
  const options = { limitInputPixels: MAX_INPUT_PIXELS }
  let format: string | undefined
  try {
    format = (await sharp(input, options).metadata()).format
  } catch {
    throw badRequest(LISTING_WRITE_MESSAGES.imageUnreadable, 'image_unreadable')
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(LISTING_WRITE_MESSAGES.imageType, 'image_type')
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: LISTING_IMAGE_MAX_SIDE, height: LISTING_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: LISTING_IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    // the header was fine but the pixels are not (truncated or corrupt data)
    throw badRequest(LISTING_WRITE_MESSAGES.imageUnreadable, 'image_unreadable')
  }
}
