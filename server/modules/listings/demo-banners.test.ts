import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { UPLOADED_IMAGE_PATTERN } from '@shared/api/listings'
import { LIVE_PLATFORMS } from '@shared/constants'
import { MEDIA_KEY_PATTERN, type MediaStorage } from '../media/storage'
import { BANNER_HEIGHT, BANNER_WIDTH, bannerSvg, escapeXml, fittedSize } from './demo-banner-art'
import { allDesigns, bannerKey, bannerUrl, COVER_NICHES, coverDesign, ensureDemoBanners, renderBanner } from './demo-banners'

function memoryStorage(): MediaStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>()
  return {
    files,
    ready: async () => {},
    put: async (key, data) => void files.set(key, data),
    open: async () => null,
    has: async (key) => files.has(key),
    remove: async (key) => void files.delete(key),
  }
}

describe('demo banner catalogue', () => {
  it('has a few dozen distinct designs, each with a stable key and an uploaded-image URL', () => {
    const designs = allDesigns()
    expect(designs.length).toBeGreaterThanOrEqual(24)
    expect(designs.length).toBeLessThanOrEqual(60)
    expect(new Set(designs.map((d) => d.id)).size).toBe(designs.length)
    for (const design of designs) {
      expect(bannerKey(design)).toMatch(MEDIA_KEY_PATTERN)
      expect(bannerUrl(design)).toMatch(UPLOADED_IMAGE_PATTERN)
    }
    expect(bannerKey(allDesigns()[0]!)).toBe(bannerKey(designs[0]!))
    expect(new Set(designs.map((d) => d.platform))).toEqual(new Set(LIVE_PLATFORMS))
  })

  it('has a cover for every niche it offers, and none for others', () => {
    for (const platform of LIVE_PLATFORMS) {
      for (const niche of COVER_NICHES[platform]) expect(coverDesign(platform, niche).headline).toBe(niche)
    }
    expect(() => coverDesign('youtube', 'Knitting')).toThrow()
  })
})

describe('banner art', () => {
  it('escapes text for XML', () => {
    expect(escapeXml(`DIY & Crafts <"it's">`)).toBe('DIY &amp; Crafts &lt;&quot;it&apos;s&quot;&gt;')
    expect(bannerSvg(coverDesign('tiktok', 'DIY & Crafts'))).toContain('DIY &amp; Crafts')
  })

  it('shrinks long headlines to fit and caps short ones', () => {
    expect(fittedSize('Pets', 760, 112)).toBe(112)
    const size = fittedSize('Personal Finance', 760, 112)
    expect(size).toBeLessThan(112)
    expect(size * 0.64 * 'Personal Finance'.length).toBeLessThanOrEqual(760)
  })
})

describe('ensureDemoBanners', () => {
  it('renders WebP at 1200 × 630', async () => {
    const meta = await sharp(await renderBanner(coverDesign('youtube', 'Gaming'))).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: BANNER_WIDTH, height: BANNER_HEIGHT })
  })

  it('stores only what is missing', async () => {
    const media = memoryStorage()
    const designs = allDesigns().slice(0, 3)
    await media.put(bannerKey(designs[0]!), Buffer.from('already there'))
    expect(await ensureDemoBanners(media, designs, 2)).toBe(2)
    expect(media.files.get(bannerKey(designs[0]!))?.toString()).toBe('already there')
    expect(await ensureDemoBanners(media, designs, 2)).toBe(0)
  })
})
