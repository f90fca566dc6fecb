import { useEffect, useReducer, useRef } from 'react'
import { LISTING_RULES, LISTING_WRITE_MESSAGES, listingInputSchema } from '@shared/api/listings'
import { ApiError } from '@/lib/api-client'
import { UPLOAD_MESSAGES, uploadListingImage } from '../api/upload-image'
import { selectImageFiles } from '../lib/file-checks'
import { imagesReducer, type ImageItem } from '../lib/image-items'

export type UploadFn = typeof uploadListingImage

const initialItems = (urls: readonly string[]): ImageItem[] => urls.map((url, i) => ({ key: `saved-${i}`, state: 'ready', url }))

/**
 * The images of the form: picked files upload at once, one request each, with progress; each can be
 * retried, removed (which cancels its upload) or moved. Previews are object URLs of the local file,
 * released as soon as the stored image can be shown instead.
 */
export function useImageUploads(initial: readonly string[], upload: UploadFn = uploadListingImage) {
  const [items, dispatch] = useReducer(imagesReducer, initial, initialItems)
  const counter = useRef(0)
  const controllers = useRef(new Map<string, AbortController>())
  const previews = useRef(new Set<string>())

  useEffect(() => {
    const running = controllers.current
    const held = previews.current
    return () => {
      for (const controller of running.values()) controller.abort()
      for (const preview of held) URL.revokeObjectURL(preview)
    }
  }, [])

  const release = (preview: string) => {
    URL.revokeObjectURL(preview)
    previews.current.delete(preview)
  }

  const start = (key: string, file: File, preview: string) => {
    const controller = new AbortController()
    controllers.current.set(key, controller)
    upload(file, { signal: controller.signal, onProgress: (progress) => dispatch({ type: 'progress', key, progress }) })
      .then((stored) => {
        dispatch({ type: 'uploaded', key, url: stored.url })
        release(preview)
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.kind === 'cancelled') return
        dispatch({ type: 'failed', key, error: error instanceof ApiError ? error.message : UPLOAD_MESSAGES.failed })
      })
      .finally(() => controllers.current.delete(key))
  }

  /** Starts uploading what may be uploaded; returns a line for each file that was refused. */
  const addFiles = (files: readonly File[]): string[] => {
    const { accepted, refused } = selectImageFiles(files, LISTING_RULES.imagesMax - items.length)
    const added = accepted.map((file) => {
      const preview = URL.createObjectURL(file)
      previews.current.add(preview)
      return { key: `new-${++counter.current}`, file, preview }
    })
    dispatch({ type: 'add-files', items: added })
    for (const item of added) start(item.key, item.file, item.preview)
    return refused
  }

  /** Adds an http(s) image by address; returns the rule it breaks, if any. */
  const addUrl = (url: string): string | null => {
    if (items.length >= LISTING_RULES.imagesMax) return LISTING_WRITE_MESSAGES.images
    const parsed = listingInputSchema.shape.images.safeParse([url])
    if (!parsed.success) return parsed.error.issues[0]?.message ?? LISTING_WRITE_MESSAGES.imageUrl
    dispatch({ type: 'add-url', key: `url-${++counter.current}`, url: parsed.data[0] })
    return null
  }

  const remove = (item: ImageItem) => {
    controllers.current.get(item.key)?.abort()
    if (item.state !== 'ready') release(item.preview)
    dispatch({ type: 'remove', key: item.key })
  }

  const retry = (item: ImageItem) => {
    if (item.state !== 'failed') return
    dispatch({ type: 'retry', key: item.key })
    start(item.key, item.file, item.preview)
  }

  const move = (item: ImageItem, offset: -1 | 1) => dispatch({ type: 'move', key: item.key, offset })

  return { items, addFiles, addUrl, remove, retry, move }
}
