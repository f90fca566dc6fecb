import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { LivePlatform } from '@shared/api/listings'
import { LIVE_PLATFORMS } from '@shared/constants'
import { mediaUrl, type MediaStorage } from '../media/storage'
import { BANNER_HEIGHT, BANNER_WIDTH, bannerSvg, type BannerArt, type BannerLayout } from './demo-banner-art'

/**
 * The demo catalogue's images: a few dozen banners drawn once and shared by many listings. Each is
 * stored under the MD5 of its design id, so seeding again (or another instance) finds it in place.
 */

/** Niches each platform has a cover for; demo listings with images take their niche from here. */
export const COVER_NICHES: Record<LivePlatform, readonly string[]> = {
  youtube: ['Gaming', 'Tech Reviews', 'Cooking', 'Education', 'Music'],
  instagram: ['Fashion', 'Beauty', 'Travel', 'Fitness', 'Photography'],
  tiktok: ['Comedy', 'Pets', 'Fitness', 'Music', 'DIY & Crafts'],
  facebook: ['Parenting', 'Cooking', 'News', 'Cars', 'Motivation'],
  twitter: ['Crypto', 'News', 'Personal Finance', 'Sports', 'Tech Reviews'],
  telegram: ['Crypto', 'Personal Finance', 'News', 'Education', 'Motivation'],
}

export const ACCOUNT_KIND: Record<LivePlatform, string> = {
  youtube: 'YouTube channel',
  instagram: 'Instagram page',
  tiktok: 'TikTok account',
  facebook: 'Facebook page',
  twitter: 'X (Twitter) account',
  telegram: 'Telegram channel',
}

const COVER_LAYOUTS: readonly BannerLayout[] = ['spotlight', 'dots', 'waves']
/** Extra images of a listing: not about one niche, so they suit any listing of the platform. */
const EXTRA_ART: readonly { layout: BannerLayout; headline: string; caption: string }[] = [
  { layout: 'growth', headline: 'Steady growth', caption: 'Organic, engaged audience' },
  { layout: 'mosaic', headline: 'Ready to hand over', caption: 'Full access through escrow' },
]

export interface BannerDesign extends BannerArt {
  /** stable name of the drawing; bump the version when the art changes so new files are drawn */
  id: string
}

const designId = (platform: string, name: string) => `demo-banner:v2:${platform}:${name}`

export function coverDesign(platform: LivePlatform, niche: string): BannerDesign {
  const index = COVER_NICHES[platform].indexOf(niche)
  if (index < 0) throw new Error(`No ${platform} cover for ${niche}`)
  return {
    id: designId(platform, `cover:${niche}`),
    platform,
    layout: COVER_LAYOUTS[index % COVER_LAYOUTS.length]!,
    headline: niche,
    caption: ACCOUNT_KIND[platform],
  }
}

export function extraDesigns(platform: LivePlatform): BannerDesign[] {
  return EXTRA_ART.map((art) => ({ id: designId(platform, art.layout), platform, ...art }))
}

/** Every banner the demo data uses: five covers and two extras per live platform. */
export function allDesigns(): BannerDesign[] {
  return LIVE_PLATFORMS.flatMap((platform) => [...COVER_NICHES[platform].map((niche) => coverDesign(platform, niche)), ...extraDesigns(platform)])
}

export const bannerKey = (design: Pick<BannerDesign, 'id'>) => `listings/${createHash('md5').update(design.id).digest('hex')}.webp`
export const bannerUrl = (design: Pick<BannerDesign, 'id'>) => mediaUrl(bannerKey(design))

export async function renderBanner(design: BannerDesign): Promise<Buffer> {
  return sharp(Buffer.from(bannerSvg(design)))
    .resize(BANNER_WIDTH, BANNER_HEIGHT, { fit: 'cover' })
    .webp({ quality: 82, effort: 2 })
    .toBuffer()
}

/** Draws and stores the banners that are not stored yet, a few at a time (sharp works on its own threads). */
export async function ensureDemoBanners(media: MediaStorage, designs = allDesigns(), concurrency = 4): Promise<number> {
  const queue = [...designs]
  let drawn = 0
  async function worker() {
    for (let design = queue.shift(); design; design = queue.shift()) {
      const key = bannerKey(design)
      if (await media.has(key)) continue
      await media.put(key, await renderBanner(design))
      drawn++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return drawn
}
