import type { EntityManager } from '@mikro-orm/postgresql'
import { centsToDecimalString } from '@shared/money'
import {
  absoluteImageUrl,
  blogPostText,
  canonicalUrl,
  isPrivatePath,
  listingHeadline,
  listingText,
  PAGE_TEXT,
  PLATFORM_NAMES,
  SITE_NAME,
  type PageText,
  type SeoHead,
} from '@shared/seo'
import { isAppPath } from '@shared/site-routes'
import type { BlogPost } from '../blog/blog-post.entity'
import { postId, type BlogService } from '../blog/blog.service'
import type { Listing } from '../listings/listing.entity'
import { centsToDollars } from '../listings/listing.mapper'
import type { ListingsService } from '../listings/listings.service'
import type { StructuredData } from './head'
import { NOINDEX_PAGES, STATIC_PAGES } from './site-paths'
import { User } from '../users/user.entity'

export interface ResolvedPage {
  status: 200 | 404
  head: SeoHead
  structured?: StructuredData
}

type FoundPage = Omit<ResolvedPage, 'structured'> & { data?: StructuredData['data'] }

export interface PageContext {
  em: EntityManager
  listings: ListingsService
  blog: BlogService
  /** PUBLIC_URL's origin: canonical and preview URLs name the public address, not the one asked */
  origin: string
}

const MAX_SERIAL = 2_147_483_647
const LISTING_PATH = /^\/(?:listing|account)\/([^/]+)$/
const SELLER_PATH = /^\/(seller|profile)\/([^/]+)$/i
const BLOG_POST_PATH = /^\/blog\/([^/]+)$/

/** Without trailing slashes: /top-sellers/ is /top-sellers. */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
}

function page(ctx: PageContext, path: string, text: PageText, extra: Partial<SeoHead> = {}): SeoHead {
  return { ...text, url: canonicalUrl(ctx.origin, path), ...extra }
}

function websiteData(ctx: PageContext): StructuredData['data'] {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: canonicalUrl(ctx.origin, '/') }
}

function productData(listing: Listing, url: string, image: string | undefined): StructuredData['data'] {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listingHeadline(listing),
    description: listing.description,
    category: `${PLATFORM_NAMES[listing.platform]} account`,
    ...(image ? { image: [image] } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: centsToDecimalString(listing.priceCents),
      priceCurrency: 'USD',
      // reserved: a buyer is paying and it may come back on sale
      availability: listing.status === 'reserved' ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      url,
      seller: { '@type': 'Person', name: listing.seller.username },
    },
  }
}

function notFoundPage(ctx: PageContext, path: string, text: PageText): FoundPage {
  return { status: 404, head: page(ctx, path, text, { noIndex: true, notFound: true }) }
}

/** /seller/{id} and /profile/{id} (the same screen, private at the second address): a user the profile API shows, or a 404. */
async function sellerPage(ctx: PageContext, path: string, rawId: string): Promise<FoundPage> {
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN
  const found = id >= 1 && id <= MAX_SERIAL && (await ctx.em.count(User, { id, bannedAt: null })) > 0
  if (!found) return notFoundPage(ctx, path, PAGE_TEXT.sellerNotFound)
  return { status: 200, head: page(ctx, path, PAGE_TEXT.seller, { noIndex: isPrivatePath(path) }) }
}

/**
 * /listing/{id} and /account/{id}: one lookup by primary key. On sale or reserved is indexed; sold is shown as sold and
 * not indexed (it is no longer an offer); unknown, waiting for review, suspended or removed is a 404.
 */
async function listingPage(ctx: PageContext, path: string, rawId: string): Promise<FoundPage> {
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN
  const listing = id >= 1 && id <= MAX_SERIAL ? await ctx.listings.findVisible(ctx.em, id, null) : null
  if (!listing) return notFoundPage(ctx, path, PAGE_TEXT.listingNotFound)
  const image = absoluteImageUrl(listing.images[0], ctx.origin)
  const text = listingText({
    platform: listing.platform,
    username: listing.username,
    displayName: listing.displayName,
    accountTitle: listing.accountTitle,
    followers: listing.followers,
    price: centsToDollars(listing.priceCents),
    status: listing.status,
  })
  // /account/{id} is a second address of the listing page: both name /listing/{id} as canonical
  const head = page(ctx, `/listing/${listing.id}`, text, { image })
  if (listing.status === 'sold') return { status: 200, head: { ...head, noIndex: true } }
  return { status: 200, head, data: productData(listing, head.url, image) }
}

function articleData(post: BlogPost, url: string): StructuredData['data'] {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt?.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: { '@type': 'Person', name: post.author.username },
    publisher: { '@type': 'Organization', name: SITE_NAME },
    url,
  }
}

/** /blog/{id}: a published post's title and summary; a draft or an unknown id is a 404. */
async function blogPostPage(ctx: PageContext, path: string, rawId: string): Promise<FoundPage> {
  const id = postId(rawId)
  const post = id === null ? null : await ctx.blog.findPublished(ctx.em, id)
  if (!post) return notFoundPage(ctx, path, PAGE_TEXT.blogPostNotFound)
  const head = page(ctx, `/blog/${post.id}`, blogPostText(post), { type: 'article' })
  return { status: 200, head, data: articleData(post, head.url) }
}

async function findPage(ctx: PageContext, path: string): Promise<FoundPage> {
  const text = STATIC_PAGES.get(path)
  if (text) {
    const head = page(ctx, path, text, { noIndex: NOINDEX_PAGES.has(path) })
    return { status: 200, head, ...(text === PAGE_TEXT.home ? { data: websiteData(ctx) } : {}) }
  }
  const listingId = LISTING_PATH.exec(path)?.[1]
  if (listingId !== undefined) return listingPage(ctx, path, listingId)
  const blogPostId = BLOG_POST_PATH.exec(path)?.[1]
  if (blogPostId !== undefined) return blogPostPage(ctx, path, blogPostId)
  const seller = SELLER_PATH.exec(path)
  if (seller) return sellerPage(ctx, path, seller[2]!)
  // a path the app has no screen for gets its 404 screen: a 404, never indexed, no canonical to the bad path
  if (!isAppPath(path)) return notFoundPage(ctx, path, PAGE_TEXT.pageNotFound)
  // private screens: the site's own tags, hidden
  return { status: 200, head: page(ctx, path, PAGE_TEXT.fallback, { noIndex: isPrivatePath(path) }) }
}

/** Head tags and status of the page at `rawPath`, as the server's first HTML answer carries them. */
export async function resolvePage(ctx: PageContext, rawPath: string): Promise<ResolvedPage> {
  const { data, ...found } = await findPage(ctx, normalise(rawPath))
  // keyed by the path exactly as the browser will report it
  return data ? { ...found, structured: { path: rawPath, data } } : found
}

/** What a page gets when its data cannot be read: the site's own tags, so the app still loads. */
export function fallbackPage(origin: string, rawPath: string): ResolvedPage {
  const path = normalise(rawPath)
  return { status: 200, head: { ...PAGE_TEXT.fallback, url: canonicalUrl(origin, path), noIndex: isPrivatePath(path) } }
}
