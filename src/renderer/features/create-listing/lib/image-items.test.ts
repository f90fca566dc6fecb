import { describe, expect, it } from 'vitest'
import { imagesReducer, pendingImagesProblem, storedUrls, type ImageItem } from './image-items'

const file = new File(['x'], 'a.png', { type: 'image/png' })
const ready = (key: string): ImageItem => ({ key, state: 'ready', url: `https://img.example/${key}.png` })

describe('imagesReducer', () => {
  it('follows an upload from progress to its stored address', () => {
    let items = imagesReducer([], { type: 'add-files', items: [{ key: 'n1', file, preview: 'blob:1' }] })
    expect(items[0]).toMatchObject({ state: 'uploading', progress: 0 })
    items = imagesReducer(items, { type: 'progress', key: 'n1', progress: 0.5 })
    expect(items[0]).toMatchObject({ state: 'uploading', progress: 0.5 })
    items = imagesReducer(items, { type: 'uploaded', key: 'n1', url: '/media/listings/0123456789abcdef0123456789abcdef.webp' })
    expect(items).toEqual([{ key: 'n1', state: 'ready', url: '/media/listings/0123456789abcdef0123456789abcdef.webp' }])
  })

  it('keeps the file of a failed upload so it can be retried', () => {
    let items = imagesReducer([], { type: 'add-files', items: [{ key: 'n1', file, preview: 'blob:1' }] })
    items = imagesReducer(items, { type: 'failed', key: 'n1', error: 'Too big' })
    expect(items[0]).toMatchObject({ state: 'failed', error: 'Too big', file, preview: 'blob:1' })
    items = imagesReducer(items, { type: 'retry', key: 'n1' })
    expect(items[0]).toMatchObject({ state: 'uploading', progress: 0, file })
  })

  it('ignores news about an image that was removed meanwhile', () => {
    let items = imagesReducer([], { type: 'add-files', items: [{ key: 'n1', file, preview: 'blob:1' }] })
    items = imagesReducer(items, { type: 'remove', key: 'n1' })
    expect(imagesReducer(items, { type: 'uploaded', key: 'n1', url: '/media/x' })).toEqual([])
  })

  it('moves an image one place and never past either end', () => {
    const items = [ready('a'), ready('b'), ready('c')]
    expect(imagesReducer(items, { type: 'move', key: 'c', offset: -1 }).map((i) => i.key)).toEqual(['a', 'c', 'b'])
    expect(imagesReducer(items, { type: 'move', key: 'a', offset: 1 }).map((i) => i.key)).toEqual(['b', 'a', 'c'])
    expect(imagesReducer(items, { type: 'move', key: 'a', offset: -1 }).map((i) => i.key)).toEqual(['a', 'b', 'c'])
    expect(imagesReducer(items, { type: 'move', key: 'c', offset: 1 }).map((i) => i.key)).toEqual(['a', 'b', 'c'])
  })
})

describe('storedUrls and pendingImagesProblem', () => {
  const uploading: ImageItem = { key: 'u', state: 'uploading', file, preview: 'blob:u', progress: 0.3 }
  const failed: ImageItem = { key: 'f', state: 'failed', file, preview: 'blob:f', error: 'x' }

  it('saves only stored images, in order', () => {
    expect(storedUrls([ready('b'), uploading, ready('a')])).toEqual(['https://img.example/b.png', 'https://img.example/a.png'])
  })

  it('holds the form back while an upload runs or has failed', () => {
    expect(pendingImagesProblem([ready('a')])).toBeNull()
    expect(pendingImagesProblem([ready('a'), uploading])).toBe('Wait for the images to finish uploading')
    expect(pendingImagesProblem([failed])).toBe('Retry or remove the images that failed to upload')
  })
})
