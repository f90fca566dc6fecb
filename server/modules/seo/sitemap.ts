import { escapeHtml as escapeXml } from './html'

/** The sitemap protocol's limit of URLs per file; past it, /sitemap.xml becomes a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000

export interface SitemapListing {
  id: number
  updatedAt: Date
}

/** Where the listing URLs come from: active listings, in a stable order (by id). */
export interface SitemapSource {
  countListings(): Promise<number>
  listings(offset: number, limit: number): Promise<SitemapListing[]>
}

/** A page that changes (a blog post), listed with its last change. */
export interface SitemapPage {
  path: string
  updatedAt: Date
}

export interface SitemapOptions {
  /** PUBLIC_URL's origin */
  origin: string
  /** fixed pages, as paths */
  pages: readonly string[]
  /** pages with a date, listed after the fixed ones (few enough to always sit in the pages file) */
  articles?: readonly SitemapPage[]
  source: SitemapSource
  limit?: number
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export const listingsSitemapPath = (n: number) => `/sitemap-listings-${n}.xml`
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml'

function urlEntry(loc: string, lastmod?: Date): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
}

function urlset(entries: string[]): string {
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`
}

const absolute = (origin: string, path: string) => new URL(path, origin).toString()

function pageEntries(o: SitemapOptions): string[] {
  const articles = (o.articles ?? []).map((page) => urlEntry(absolute(o.origin, page.path), page.updatedAt))
  return [...o.pages.map((path) => urlEntry(absolute(o.origin, path))), ...articles]
}

async function listingEntries(o: SitemapOptions, offset: number, limit: number): Promise<string[]> {
  const rows = await o.source.listings(offset, limit)
  return rows.map((row) => urlEntry(absolute(o.origin, `/listing/${row.id}`), row.updatedAt))
}

/**
 * /sitemap.xml: every page and active listing in one file while they fit the protocol's limit;
 * past it, an index of /sitemap-pages.xml and numbered listing files of at most `limit` URLs each.
 */
export async function mainSitemap(o: SitemapOptions): Promise<string> {
  const limit = o.limit ?? SITEMAP_URL_LIMIT
  const total = await o.source.countListings()
  if (o.pages.length + (o.articles?.length ?? 0) + total <= limit) return urlset([...pageEntries(o), ...(await listingEntries(o, 0, total))])
  const files = [PAGES_SITEMAP_PATH, ...Array.from({ length: Math.ceil(total / limit) }, (_, i) => listingsSitemapPath(i + 1))]
  const entries = files.map((path) => `<sitemap><loc>${escapeXml(absolute(o.origin, path))}</loc></sitemap>`)
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`
}

export function pagesSitemap(o: SitemapOptions): string {
  return urlset(pageEntries(o))
}

/** The n-th file of listing URLs (from 1), or null past the last one. */
export async function listingsSitemap(o: SitemapOptions, n: number): Promise<string | null> {
  const limit = o.limit ?? SITEMAP_URL_LIMIT
  const total = await o.source.countListings()
  if (!Number.isInteger(n) || n < 1 || (n - 1) * limit >= Math.max(total, 1)) return null
  return urlset(await listingEntries(o, (n - 1) * limit, limit))
}
