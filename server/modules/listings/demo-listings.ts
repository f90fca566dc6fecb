import type { EntityManager } from '@mikro-orm/postgresql'
import { LIVE_PLATFORMS } from '@shared/constants'
import type { LivePlatform } from '@shared/api/listings'
import type { User } from '../users/user.entity'
import { Listing } from './listing.entity'

export const DEMO_LISTING_COUNT = 216

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

const NICHES = ['Gaming', 'Fitness', 'Cooking', 'Travel', 'Tech Reviews', 'Personal Finance', 'Beauty', 'Fashion', 'Pets', 'Music', 'Comedy', 'Education', 'Crypto', 'Motivation', 'DIY & Crafts', 'Cars', 'Photography', 'Parenting', 'Sports', 'News']
const ADJECTIVES = ['Daily', 'Epic', 'Smart', 'Urban', 'Cozy', 'Pro', 'Wild', 'Happy', 'Golden', 'Pixel', 'Bright', 'Chill']
const NOUNS = ['Hub', 'Lab', 'Corner', 'Studio', 'Nation', 'World', 'Zone', 'Club', 'Vibes', 'Squad', 'Journal', 'Spot']
const KIND: Record<LivePlatform, string> = {
  youtube: 'YouTube channel',
  instagram: 'Instagram page',
  tiktok: 'TikTok account',
  facebook: 'Facebook page',
  twitter: 'X (Twitter) account',
  telegram: 'Telegram channel',
}
/** followers range per platform: [min, max] */
const AUDIENCE: Record<LivePlatform, [number, number]> = {
  youtube: [1_000, 2_500_000],
  instagram: [2_000, 1_500_000],
  tiktok: [5_000, 3_000_000],
  facebook: [1_000, 800_000],
  twitter: [1_000, 600_000],
  telegram: [500, 300_000],
}

/** Realistic-looking, deterministic listings spread over the sellers and the six live platforms. */
export function buildDemoListings(em: EntityManager, sellers: User[], now = new Date()): Listing[] {
  const random = prng(20261122)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const listings: Listing[] = []
  for (let i = 0; i < DEMO_LISTING_COUNT; i++) {
    const platform = LIVE_PLATFORMS[i % LIVE_PLATFORMS.length]!
    const niche = pick(NICHES)
    const name = `${pick(ADJECTIVES)} ${niche.split(' ')[0]} ${pick(NOUNS)}`
    const [low, high] = AUDIENCE[platform]
    // audiences are long-tailed: most accounts are small, a few are large
    const followers = Math.round(low + (high - low) * random() ** 3)
    const monetized = random() < 0.55
    const monthlyIncomeCents = monetized ? Math.round((followers / 1000) * (20 + random() * 180)) * 10 : 0
    // roughly $10–50 per thousand followers plus a few months of income; some prices end in .50
    const dollars = (followers / 1000) * (10 + random() * 40) + (monthlyIncomeCents / 100) * 6 * random()
    const priceCents = Math.max(25, Math.round(dollars)) * 100 + (random() < 0.2 ? 50 : 0)
    listings.push(
      em.create(Listing, {
        seller: sellers[i % sellers.length]!,
        platform,
        username: `${name.replace(/[^A-Za-z]/g, '').toLowerCase()}${i + 1}`,
        displayName: name,
        niche,
        description: `${KIND[platform]} in the ${niche.toLowerCase()} niche with an engaged audience. Original content, clean history, full access handed over through escrow.`,
        accountTitle: `${niche} ${KIND[platform]} – ${formatCount(followers)} ${platform === 'youtube' ? 'subscribers' : 'followers'}`,
        priceCents,
        followers,
        monthlyIncomeCents,
        isVerified: random() < 0.4,
        isMonetized: monetized,
        isPremium: random() < 0.08,
        isPinned: i % 37 === 5,
        status: 'active',
        images: [],
        // spread over the last ~90 days, newest first by index
        createdAt: new Date(now.getTime() - i * 10 * 60 * 60 * 1000 - Math.floor(random() * 3_600_000)),
        updatedAt: now,
      }),
    )
  }
  return listings
}

function formatCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}K`
  return String(n)
}

/** Called inside the demo seeding transaction, with that transaction's EntityManager. */
export async function seedDemoListings(tx: EntityManager, sellers: User[]): Promise<number> {
  const listings = buildDemoListings(tx, sellers)
  await tx.flush()
  return listings.length
}
