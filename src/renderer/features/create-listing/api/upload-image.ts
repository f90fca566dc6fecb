import { LISTING_RULES, LISTING_WRITE_MESSAGES, UPLOADED_IMAGE_PATTERN, uploadedImageSchema, type UploadedImage } from '@shared/api/listings'
import { mediaEndpoints } from '@shared/api/endpoints/media'
import { apiUrl } from '@/lib/api'
import { ApiError, REQUEST_MESSAGES } from '@/lib/api-client'

/**
 * POST /api/uploads/listing-image, one file per request. XMLHttpRequest rather than the api client's
 * fetch because only XHR reports upload progress. It sends what the api client sends: the session
 * cookie and `Accept: application/json`; the browser adds Origin and Sec-Fetch-Site, which the
 * server's same-origin check reads.
 */
export const UPLOAD_PATH = apiUrl(mediaEndpoints.postUploadsListingImage)
export const UPLOAD_FIELD = 'image'

export const UPLOAD_MESSAGES = {
  failed: 'The image could not be uploaded',
  badAnswer: 'The server sent an unexpected answer to the upload',
  tooMany: `Upload limit reached: up to ${LISTING_RULES.uploadsPerHour} images an hour — try again later`,
} as const

/** Share of the file sent, 0..1; 0 while the size is unknown. */
export function uploadFraction(loaded: number, total: number, lengthComputable = true): number {
  if (!lengthComputable || !(total > 0)) return 0
  return Math.min(1, Math.max(0, loaded / total))
}

function serverMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message
  } catch {
    // not JSON (a proxy's error page): fall back to a message chosen by status
  }
  return undefined
}

/** Statuses whose meaning we know even when a proxy in front of the server answered instead. */
function fallbackMessage(status: number): string {
  if (status === 413) return LISTING_WRITE_MESSAGES.imageSize
  if (status === 429) return UPLOAD_MESSAGES.tooMany
  return UPLOAD_MESSAGES.failed
}

/** Turns the finished request into the stored image, or an ApiError carrying a message a person can act on. */
export function readUploadAnswer(status: number, text: string): UploadedImage {
  if (status < 200 || status >= 300) {
    const message = serverMessage(text)
    throw new ApiError(message ?? fallbackMessage(status), status, 'http', message)
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ApiError(UPLOAD_MESSAGES.badAnswer, status)
  }
  const parsed = uploadedImageSchema.safeParse(body)
  if (!parsed.success || !UPLOADED_IMAGE_PATTERN.test(parsed.data.url)) throw new ApiError(UPLOAD_MESSAGES.badAnswer, status)
  return parsed.data
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** where to send it; tests point this at their own server */
  url?: string
}

export function uploadListingImage(file: Blob, { onProgress, signal, url = UPLOAD_PATH }: UploadOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(REQUEST_MESSAGES.cancelled, 0, 'cancelled'))
      return
    }
    const xhr = new XMLHttpRequest()
    const abort = () => xhr.abort()
    const settle = (finish: () => void) => {
      signal?.removeEventListener('abort', abort)
      finish()
    }
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => onProgress?.(uploadFraction(event.loaded, event.total, event.lengthComputable))
    xhr.onload = () =>
      settle(() => {
        try {
          resolve(readUploadAnswer(xhr.status, xhr.responseText))
        } catch (error) {
          reject(error)
        }
      })
    xhr.onerror = () =>
      settle(() => reject(new ApiError(navigator.onLine === false ? REQUEST_MESSAGES.offline : REQUEST_MESSAGES.unreachable, 0, 'network')))
    xhr.onabort = () => settle(() => reject(new ApiError(REQUEST_MESSAGES.cancelled, 0, 'cancelled')))
    signal?.addEventListener('abort', abort)
    const form = new FormData()
    form.append(UPLOAD_FIELD, file)
    xhr.send(form)
  })
}
