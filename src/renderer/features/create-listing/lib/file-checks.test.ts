import { describe, expect, it } from 'vitest'
import { LISTING_RULES, LISTING_WRITE_MESSAGES } from '@shared/api/listings'
import { imageFileProblem, selectImageFiles } from './file-checks'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('imageFileProblem', () => {
  it('lets JPEG, PNG and WebP up to 5 MB through', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(imageFileProblem(file('a', type))).toBeNull()
    expect(imageFileProblem(file('a', 'image/png', LISTING_RULES.imageMaxBytes))).toBeNull()
  })

  it('refuses other types with the shared message', () => {
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) {
      expect(imageFileProblem(file('a', type))).toBe(LISTING_WRITE_MESSAGES.imageType)
    }
  })

  it('refuses a file one byte over 5 MB, and an empty one', () => {
    expect(imageFileProblem(file('a', 'image/jpeg', LISTING_RULES.imageMaxBytes + 1))).toBe(LISTING_WRITE_MESSAGES.imageSize)
    expect(imageFileProblem(file('a', 'image/jpeg', 0))).toBe(LISTING_WRITE_MESSAGES.imageUnreadable)
  })
})

describe('selectImageFiles', () => {
  it('names each refused file and keeps the good ones in order', () => {
    const { accepted, refused } = selectImageFiles(
      [file('a.png', 'image/png'), file('b.gif', 'image/gif'), file('c.webp', 'image/webp', 6 * 1024 * 1024), file('d.jpg', 'image/jpeg')],
      8,
    )
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'd.jpg'])
    expect(refused).toEqual([`b.gif: ${LISTING_WRITE_MESSAGES.imageType}`, `c.webp: ${LISTING_WRITE_MESSAGES.imageSize}`])
  })

  it('takes only as many as there is room for and says why the rest stayed out', () => {
    const { accepted, refused } = selectImageFiles([file('a.png', 'image/png'), file('b.png', 'image/png'), file('c.png', 'image/png')], 2)
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.png'])
    expect(refused).toEqual([LISTING_WRITE_MESSAGES.images])
  })
})
