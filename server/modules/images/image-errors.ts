import { HttpError } from '../../http/errors'

/** Each refusal has its own status and code so the client (and a log reader) can tell them apart. */
export const badImageUrl = (message: string) => new HttpError(400, 'bad_url', message)
export const forbiddenAddress = (message: string) => new HttpError(403, 'forbidden_address', message)
export const imageTooLarge = (maxBytes: number) =>
  new HttpError(413, 'image_too_large', `The image is larger than ${Number((maxBytes / 1024 / 1024).toFixed(2))} MB`)
export const notAnImage = (message: string) => new HttpError(415, 'not_an_image', message)
export const upstreamFailed = (message: string) => new HttpError(502, 'upstream_failed', message)
export const upstreamTimeout = (timeoutMs: number) =>
  new HttpError(504, 'upstream_timeout', `The image host did not answer within ${timeoutMs / 1000} seconds`)
