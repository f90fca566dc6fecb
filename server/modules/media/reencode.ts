import sharp, { type Metadata, type Sharp } from 'sharp'
import { HttpError, badRequest } from '../../http/errors'

export interface ProcessedImage {
  data: Buffer
  width: number
  height: number
}

/** What an upload may be, and what to answer when it is not. */
export interface ImageRules {
  maxBytes: number
  /** width × height refused before decoding (decompression bombs) */
  maxPixels: number
  messages: {
    size: string
    type: string
    unreadable: string
    /** for more than maxPixels; without it such a file is "unreadable" */
    dimensions?: string
  }
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

export const imageTooLarge = (message: string) => new HttpError(413, 'payload_too_large', message)

/**
 * Checks what the bytes really are (never the file name or the declared type), then re-encodes them through
 * `shape` (resize, crop) after turning them upright by their EXIF orientation and dropping every metadata block
 * (location, camera). What is stored is always an image sharp produced, never the uploaded bytes.
 */
export async function reencodeImage(input: Buffer, rules: ImageRules, shape: (image: Sharp) => Sharp): Promise<ProcessedImage> {
  const { messages } = rules
  if (input.length > rules.maxBytes) throw imageTooLarge(messages.size)
  const options = { limitInputPixels: rules.maxPixels }
  let metadata: Metadata
  try {
    // the header alone, without the pixel limit (which refuses there already), so a bomb gets its own answer
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw badRequest(messages.unreadable, 'image_unreadable')
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw badRequest(messages.type, 'image_type')
  if (messages.dimensions && (metadata.width ?? 0) * (metadata.height ?? 0) > rules.maxPixels)
    throw badRequest(messages.dimensions, 'image_dimensions')
  try {
    const { data, info } = await shape(sharp(input, options).rotate()).toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    // the header was fine but the pixels are not (truncated or corrupt data)
    throw badRequest(messages.unreadable, 'image_unreadable')
  }
}
