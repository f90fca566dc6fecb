import type { PLATFORM_IDS } from './constants'
import { formatCount, formatMoney } from './format'

/**
 * Search and social-preview tags, written by the server into the first HTML answer and kept up to
 * date by the browser on navigation. Both build their tags from `seoMeta`, so the browser always
 * finds and updates the server's tags instead of adding a second set.
 */

export const SITE_NAME = 'Handover'

export const ROBOTS = { index: 'index, follow', noIndex: 'noindex, nofollow' } as const

/** Marks the server's JSON-LD with the path it describes; the browser drops it on leaving that path. */
export const JSON_LD_PATH_ATTRIBUTE = 'data-seo-path'

type PlatformId = (typeof PLATFORM_IDS)[number]

export const PLATFORM_NAMES: Record<PlatformId, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter / X',
  telegram: 'Telegram',
  gaming: 'Gaming',
}

/**
 * Paths of screens that belong to one user or to staff, or that only pass a payment through: never
 * indexed (robots meta, both in the server's first answer and after the browser updates the tags) and
 * not crawled (robots.txt). Prefixes, as robots.txt reads them.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/api/',
  '/admin',
  '/auth',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/messages',
  '/chat',
  '/settings',
  '/create-listing',
  '/transaction',
  '/balance',
  '/profile',
  '/notifications',
  '/email/',
  '/payment',
  '/trustap',
  '/crypto/',
] as const

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))
}

export interface SeoHead {
  title: string
  description: string
  /** absolute canonical URL */
  url: string
  noIndex?: boolean
  /** a 404: no canonical, since it names no page to index */
  notFound?: boolean
  type?: 'website' | 'article'
  /** absolute image URL for previews */
  image?: string
}

export interface SeoMeta {
  attribute: 'name' | 'property'
  key: string
  content: string
}

/** Every meta key either side may write; a key missing from a page's set is removed by the browser. */
export const SEO_META_KEYS = [
  'description',
  'robots',
  'og:site_name',
  'og:title',
  'og:description',
  'og:url',
  'og:type',
  'og:image',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
] as const

/** The meta tags of a page, in the order the server writes them. */
export function seoMeta(head: SeoHead): SeoMeta[] {
  const name = (key: string, content: string): SeoMeta => ({ attribute: 'name', key, content })
  const property = (key: string, content: string): SeoMeta => ({ attribute: 'property', key, content })
  return [
    name('description', head.description),
    name('robots', head.noIndex ? ROBOTS.noIndex : ROBOTS.index),
    property('og:site_name', SITE_NAME),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.url),
    property('og:type', head.type ?? 'website'),
    ...(head.image ? [property('og:image', head.image)] : []),
    name('twitter:card', head.image ? 'summary_large_image' : 'summary'),
    name('twitter:title', head.title),
    name('twitter:description', head.description),
    ...(head.image ? [name('twitter:image', head.image)] : []),
  ]
}

/**
 * SPEC §2: the canonical URL is built from the current path. Query strings and fragments are left
 * out (filters and tracking would split one page into many), and so is a trailing slash.
 */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return new URL(path || '/', origin).toString()
}

/** An image reference (an uploaded /media/… path or an http(s) URL) as an absolute URL, or undefined. */
export function absoluteImageUrl(image: string | undefined, origin: string): string | undefined {
  if (!image) return undefined
  try {
    const url = new URL(image, origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined
  } catch {
    return undefined
  }
}

export interface PageText {
  title: string
  description: string
}

const titled = (name: string) => `${name} | ${SITE_NAME}`

export const PAGE_TEXT = {
  home: {
    title: 'Buy & Sell YouTube Channels and Social Media Accounts | Handover',
    description:
      'Buy and sell YouTube channels, TikTok, Instagram, Facebook, Twitter and Telegram accounts safely. Escrow protection, verified sellers and buyer protection on every deal.',
  },
  verified: {
    title: titled('Verified Social Media Accounts for Sale'),
    description:
      'Verified YouTube, Instagram, TikTok, Facebook, Twitter / X and Telegram accounts for sale. Every purchase is protected by escrow until the account is yours.',
  },
  topSellers: {
    title: titled('Top Sellers'),
    description: 'The sellers with the most completed, escrow-protected sales on Handover.',
  },
  seller: {
    title: titled('Seller Profile'),
    description: 'Accounts for sale by this seller on Handover, each protected by escrow.',
  },
  blogs: {
    title: titled('Blog'),
    description: 'Guides and news on buying, selling and growing social media accounts safely.',
  },
  blogPost: {
    title: titled('Blog'),
    description: 'Guides and news on buying, selling and growing social media accounts safely.',
  },
  howItWorks: {
    title: titled('How It Works'),
    description: 'How Handover keeps every account sale safe: escrow payment, verified handover and buyer protection.',
  },
  sellYourAccount: {
    title: titled('Sell Your Account'),
    description: 'List your YouTube channel or social media account on Handover and get paid safely through escrow.',
  },
  faq: { title: titled('FAQ'), description: 'Answers to common questions about buying and selling accounts on Handover.' },
  contact: { title: titled('Contact'), description: 'Get in touch with the Handover team, around the clock.' },
  terms: { title: titled('Terms of Service'), description: 'The terms for using Handover.' },
  privacy: { title: titled('Privacy Policy'), description: 'How Handover collects, uses and protects your data.' },
  cookies: { title: titled('Cookie Policy'), description: 'The cookies Handover uses and why.' },
  escrowService: {
    title: titled('Escrow Service'),
    description: 'How Handover holds the buyer\u2019s payment in escrow until the account is handed over, and what happens in a dispute.',
  },
  verification: {
    title: titled('Verification'),
    description: 'What Handover checks: verified email addresses, listings reviewed before they go live, and a handover checklist on every deal.',
  },
  blogPostNotFound: { title: titled('Post not found'), description: 'This blog post does not exist or is no longer published.' },
  fallback: {
    title: 'Handover — Buy & Sell Social Media Accounts Safely',
    description: 'Buy and sell YouTube channels, TikTok, Instagram and other social media accounts with escrow protection and verified sellers.',
  },
  listingNotFound: { title: titled('Listing not found'), description: 'This listing does not exist or is no longer available.' },
  sellerNotFound: { title: titled('Seller not found'), description: 'This seller does not exist or is no longer active on Handover.' },
  pageNotFound: { title: titled('Page Not Found'), description: 'The page you are looking for does not exist.' },
} as const satisfies Record<string, PageText>

const LANDING_DESCRIPTIONS: Record<PlatformId, string> = {
  youtube:
    'Buy YouTube channels from verified sellers. Compare subscribers, monthly income and price, and pay through escrow: the seller is paid only once the channel is yours.',
  instagram:
    'Buy Instagram accounts from verified sellers. Filter by niche, followers and price; escrow holds your payment until the account is yours.',
  tiktok: 'Buy TikTok accounts with an established audience from verified sellers, with your payment held in escrow until you have full access.',
  facebook: 'Buy Facebook pages and accounts from verified sellers. Escrow protects your payment until ownership is handed over.',
  twitter: 'Buy Twitter / X accounts with engaged followers from verified sellers, protected by escrow from payment to handover.',
  telegram: 'Buy Telegram channels with active subscribers from verified sellers. Escrow holds your payment until ownership is transferred.',
  gaming:
    'Gaming accounts are coming soon to Handover. Until then, browse escrow-protected YouTube, Instagram, TikTok, Facebook, Twitter / X and Telegram accounts.',
}

/** /buy-{platform}-accounts */
export function platformLandingText(platform: PlatformId): PageText {
  return { title: titled(`Buy ${PLATFORM_NAMES[platform]} Accounts`), description: LANDING_DESCRIPTIONS[platform] }
}

export interface ListingSeoSource {
  platform: PlatformId
  username: string
  displayName: string
  accountTitle: string
  followers: number
  /** dollars */
  price: number
}

export function listingHeadline(listing: Pick<ListingSeoSource, 'accountTitle' | 'displayName' | 'username'>): string {
  return listing.accountTitle || listing.displayName || `@${listing.username}`
}

/**
 * Title and description of /listing/{id}: the listing's title, platform, audience and price; a sold listing says it
 * sold, and for how much (its page is not indexed).
 */
export function listingText(listing: ListingSeoSource & { status?: string }): PageText {
  const audience = listing.platform === 'youtube' ? 'subscribers' : 'followers'
  const account = `${PLATFORM_NAMES[listing.platform]} account @${listing.username} with ${formatCount(listing.followers)} ${audience}`
  if (listing.status === 'sold') {
    return {
      title: titled(`Sold: ${listingHeadline(listing)}`),
      description: `${account}, sold for ${formatMoney(listing.price)} through escrow on Handover.`,
    }
  }
  return { title: titled(listingHeadline(listing)), description: `${account} for ${formatMoney(listing.price)}, protected by escrow on Handover.` }
}

/** /blog/{id}: the post's own title, and its summary as the description. */
export function blogPostText(post: { title: string; excerpt: string }): PageText {
  return { title: titled(post.title), description: post.excerpt }
}
