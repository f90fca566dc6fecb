import type { EntityManager } from '@mikro-orm/postgresql'
import { LIVE_PLATFORMS } from '@shared/constants'
import type { LivePlatform } from '@shared/api/listings'
import type { User } from '../users/user.entity'
import { ACCOUNT_KIND, COVER_NICHES, bannerUrl, coverDesign, extraDesigns } from './demo-banners'
import { Listing } from './listing.entity'

/** Active listings in the demo catalogue; sold ones come on top, as each seller's sales history. */
export const DEMO_LISTING_COUNT = 216
/** How far back the demo sales go. */
export const DEMO_SALES_DAYS = 365
/** Share of demo listings that come with images; the rest show the platform banner. */
const WITH_IMAGES = 0.95

const DAY_MS = 24 * 60 * 60 * 1000

/** mulberry32: the same demo catalogue on every machine and every run */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number

const NICHES = [
  'Gaming',
  'Fitness',
  'Cooking',
  'Travel',
  'Tech Reviews',
  'Personal Finance',
  'Beauty',
  'Fashion',
  'Pets',
  'Music',
  'Comedy',
  'Education',
  'Crypto',
  'Motivation',
  'DIY & Crafts',
  'Cars',
  'Photography',
  'Parenting',
  'Sports',
  'News',
]
const ADJECTIVES = ['Daily', 'Epic', 'Smart', 'Urban', 'Cozy', 'Pro', 'Wild', 'Happy', 'Golden', 'Pixel', 'Bright', 'Chill']
const NOUNS = ['Hub', 'Lab', 'Corner', 'Studio', 'Nation', 'World', 'Zone', 'Club', 'Vibes', 'Squad', 'Journal', 'Spot']
/** followers range per platform: [min, max] */
const AUDIENCE: Record<LivePlatform, [number, number]> = {
  youtube: [1_000, 2_500_000],
  instagram: [2_000, 1_500_000],
  tiktok: [5_000, 3_000_000],
  facebook: [1_000, 800_000],
  twitter: [1_000, 600_000],
  telegram: [500, 300_000],
}

const pickFrom = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

/** The cover for the niche, then none, one or both of the platform's other pictures. */
function imagesFor(random: Random, platform: LivePlatform, niche: string): string[] {
  const extras = extraDesigns(platform).filter(() => random() < 0.5)
  return [coverDesign(platform, niche), ...extras].map(bannerUrl)
}

interface DraftOptions {
  seller: User
  platform: LivePlatform
  /** makes the handle unique among the seller's open listings */
  serial: number
  createdAt: Date
}

/** One believable listing: name, audience, income and price drawn together so they fit each other. */
function draftListing(em: EntityManager, random: Random, { seller, platform, serial, createdAt }: DraftOptions): Listing {
  const withImages = random() < WITH_IMAGES
  // a listing with pictures takes a niche its platform has a cover for, so the picture matches the text
  const niche = pickFrom(random, withImages ? COVER_NICHES[platform] : NICHES)
  const name = `${pickFrom(random, ADJECTIVES)} ${niche.split(' ')[0]} ${pickFrom(random, NOUNS)}`
  const [low, high] = AUDIENCE[platform]
  // audiences are long-tailed: most accounts are small, a few are large
  const followers = Math.round(low + (high - low) * random() ** 3)
  const monetized = random() < 0.55
  const monthlyIncomeCents = monetized ? Math.round((followers / 1000) * (20 + random() * 180)) * 10 : 0
  // roughly $10–50 per thousand followers plus a few months of income; some prices end in .50
  const dollars = (followers / 1000) * (10 + random() * 40) + (monthlyIncomeCents / 100) * 6 * random()
  const priceCents = Math.max(25, Math.round(dollars)) * 100 + (random() < 0.2 ? 50 : 0)
  return em.create(Listing, {
    seller,
    platform,
    username: `${name.replace(/[^A-Za-z]/g, '').toLowerCase()}${serial}`,
    displayName: name,
    niche,
    description: `${ACCOUNT_KIND[platform]} in the ${niche.toLowerCase()} niche with an engaged audience. Original content, clean history, full access handed over through escrow.`,
    accountTitle: `${niche} ${ACCOUNT_KIND[platform]} – ${formatCount(followers)} ${platform === 'youtube' ? 'subscribers' : 'followers'}`,
    priceCents,
    followers,
    monthlyIncomeCents,
    isVerified: random() < 0.4,
    isMonetized: monetized,
    isPremium: random() < 0.08,
    images: withImages ? imagesFor(random, platform, niche) : [],
    createdAt,
    updatedAt: createdAt,
  })
}

/** Each seller works two to four platforms, the first six between them covering all six. */
function sellerPlatforms(sellers: User[]): LivePlatform[][] {
  const random = prng(20261121)
  return sellers.map((_, i) => {
    const platforms = new Set<LivePlatform>([LIVE_PLATFORMS[i % LIVE_PLATFORMS.length]!])
    const size = 2 + Math.floor(random() * 3)
    while (platforms.size < size) platforms.add(pickFrom(random, LIVE_PLATFORMS))
    return [...platforms]
  })
}

/** A seller for a listing on `platform`: one who works it, a few sellers carrying most of the catalogue. */
function weightedPicker(random: Random, sellers: User[]): (platform: LivePlatform) => User {
  const platforms = sellerPlatforms(sellers)
  const weights = sellers.map(() => 0.25 + random() ** 2 * 2)
  return (platform) => {
    const candidates = sellers.map((seller, i) => ({ seller, weight: platforms[i]!.includes(platform) ? weights[i]! : 0 }))
    let left = random() * candidates.reduce((sum, c) => sum + c.weight, 0)
    for (const candidate of candidates) {
      left -= candidate.weight
      if (left < 0) return candidate.seller
    }
    return candidates.findLast((c) => c.weight > 0)!.seller
  }
}

/** Realistic-looking, deterministic active listings spread over the sellers and the six live platforms. */
export function buildDemoListings(em: EntityManager, sellers: User[], now = new Date()): Listing[] {
  const random = prng(20261122)
  const pickSeller = weightedPicker(random, sellers)
  return Array.from({ length: DEMO_LISTING_COUNT }, (_, i) => {
    // spread over the last ~90 days, newest first by index
    const createdAt = new Date(now.getTime() - i * 10 * 60 * 60 * 1000 - Math.floor(random() * 3_600_000))
    const platform = LIVE_PLATFORMS[i % LIVE_PLATFORMS.length]!
    const listing = draftListing(em, random, { seller: pickSeller(platform), platform, serial: i + 1, createdAt })
    listing.status = 'active'
    listing.isPinned = i % 37 === 5
    return listing
  })
}

/**
 * The sales history of the sellers `hasHistory` names: a different number of sold listings per seller (a long tail,
 * so the top sellers ranking has leaders), sold at times spread over the last year.
 */
export function buildDemoSales(em: EntityManager, sellers: User[], hasHistory: (seller: User) => boolean, now = new Date()): Listing[] {
  const random = prng(20261123)
  const platformsOf = sellerPlatforms(sellers)
  const sales: Listing[] = []
  for (const [index, seller] of sellers.entries()) {
    if (!hasHistory(seller)) continue
    const count = 1 + Math.floor(36 * random() ** 1.6)
    for (let n = 0; n < count; n++) {
      const soldAt = new Date(now.getTime() - Math.floor(random() * DEMO_SALES_DAYS * DAY_MS))
      const createdAt = new Date(soldAt.getTime() - Math.floor((2 + random() * 58) * DAY_MS))
      const listing = draftListing(em, random, { seller, platform: pickFrom(random, platformsOf[index]!), serial: 1000 + sales.length, createdAt })
      listing.status = 'sold'
      listing.soldAt = soldAt
      listing.updatedAt = soldAt
      sales.push(listing)
    }
  }
  return sales
}

function formatCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`
  return String(n)
}

/**
 * Active listings for every seller, and sales history for those `hasHistory` names. Called inside the demo seeding
 * transaction, with that transaction's EntityManager.
 */
export async function seedDemoListings(
  tx: EntityManager,
  sellers: User[],
  hasHistory: (seller: User) => boolean,
  now = new Date(),
): Promise<{ active: number; sold: number }> {
  const active = buildDemoListings(tx, sellers, now)
  const sold = buildDemoSales(tx, sellers, hasHistory, now)
  await tx.flush()
  return { active: active.length, sold: sold.length }
}
