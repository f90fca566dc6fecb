import { LISTING_RULES, LISTING_WRITE_MESSAGES } from '@shared/api/listings'
import { imageTooLarge as tooLarge, reencodeImage, type ImageRules, type ProcessedImage } from './reencode'

export type { ProcessedImage } from './reencode'

/** Longest side of a stored listing image; larger uploads are scaled down, smaller ones kept as they are. */
export const LISTING_IMAGE_MAX_SIDE = 1600
export const LISTING_IMAGE_QUALITY = 82

const LISTING_IMAGE_RULES: ImageRules = {
  maxBytes: LISTING_RULES.imageMaxBytes,
  // 40 megapixels is far beyond any phone photo
  maxPixels: 40_000_000,
  messages: { size: LISTING_WRITE_MESSAGES.imageSize, type: LISTING_WRITE_MESSAGES.imageType, unreadable: LISTING_WRITE_MESSAGES.imageUnreadable },
}

export const imageTooLarge = () => tooLarge(LISTING_WRITE_MESSAGES.imageSize)

/** A listing image: upright, without metadata, scaled to fit 1600×1600, WebP (see reencodeImage). */
export function processListingImage(input: Buffer): Promise<ProcessedImage> {
  return reencodeImage(input, LISTING_IMAGE_RULES, (image) =>
    image
      .resize({ width: LISTING_IMAGE_MAX_SIDE, height: LISTING_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: LISTING_IMAGE_QUALITY }),
  )
}
