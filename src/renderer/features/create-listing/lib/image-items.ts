/**
 * The images of a listing while it is being written: each is either stored (an uploaded `/media` path
 * or an http(s) URL), on its way up, or failed and waiting for retry or removal. The order is the
 * listing's order; the first stored image is the banner.
 */
export type ImageItem =
  | { key: string; state: 'ready'; url: string }
  | { key: string; state: 'uploading'; file: File; preview: string; progress: number }
  | { key: string; state: 'failed'; file: File; preview: string; error: string }

export type ImageAction =
  | { type: 'add-files'; items: { key: string; file: File; preview: string }[] }
  | { type: 'add-url'; key: string; url: string }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string; url: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; offset: -1 | 1 }

function update(items: readonly ImageItem[], key: string, change: (item: ImageItem) => ImageItem): ImageItem[] {
  return items.map((item) => (item.key === key ? change(item) : item))
}

export function imagesReducer(items: readonly ImageItem[], action: ImageAction): ImageItem[] {
  switch (action.type) {
    case 'add-files':
      return [...items, ...action.items.map((item): ImageItem => ({ ...item, state: 'uploading', progress: 0 }))]
    case 'add-url':
      return [...items, { key: action.key, state: 'ready', url: action.url }]
    case 'progress':
      return update(items, action.key, (item) => (item.state === 'uploading' ? { ...item, progress: action.progress } : item))
    case 'uploaded':
      return update(items, action.key, (item) => (item.state === 'uploading' ? { key: item.key, state: 'ready', url: action.url } : item))
    case 'failed':
      return update(items, action.key, (item) =>
        item.state === 'uploading' ? { key: item.key, state: 'failed', file: item.file, preview: item.preview, error: action.error } : item,
      )
    case 'retry':
      return update(items, action.key, (item) =>
        item.state === 'failed' ? { key: item.key, state: 'uploading', file: item.file, preview: item.preview, progress: 0 } : item,
      )
    case 'remove':
      return items.filter((item) => item.key !== action.key)
    case 'move': {
      const from = items.findIndex((item) => item.key === action.key)
      const to = from + action.offset
      if (from < 0 || to < 0 || to >= items.length) return [...items]
      const next = [...items]
      ;[next[from], next[to]] = [next[to], next[from]]
      return next
    }
  }
}

/** The stored images in order: what the listing is saved with. */
export function storedUrls(items: readonly ImageItem[]): string[] {
  return items.flatMap((item) => (item.state === 'ready' ? [item.url] : []))
}

/** Why the listing cannot be saved yet because of its images, if it cannot. */
export function pendingImagesProblem(items: readonly ImageItem[]): string | null {
  if (items.some((item) => item.state === 'uploading')) return 'Wait for the images to finish uploading'
  if (items.some((item) => item.state === 'failed')) return 'Retry or remove the images that failed to upload'
  return null
}
