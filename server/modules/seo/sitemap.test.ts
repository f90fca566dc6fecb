import { describe, expect, it } from 'vitest'
import { listingsSitemap, mainSitemap, pagesSitemap, type SitemapListing, type SitemapOptions } from './sitemap'
import { robotsTxt } from './seo.routes'

const ORIGIN = 'https://handover.example'

function options(count: number, limit?: number): SitemapOptions & { reads: [number, number][] } {
  const rows: SitemapListing[] = Array.from({ length: count }, (_, i) => ({ id: i + 1, updatedAt: new Date(Date.UTC(2026, 0, 1 + i)) }))
  const reads: [number, number][] = []
  return {
    origin: ORIGIN,
    pages: ['/', '/top-sellers'],
    limit,
    reads,
    source: {
      countListings: async () => rows.length,
      listings: async (offset, take) => {
        reads.push([offset, take])
        return rows.slice(offset, offset + take)
      },
    },
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

describe('sitemaps', () => {
  it('lists pages and listings with lastmod in one file while they fit', async () => {
    const xml = await mainSitemap(options(3))
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect(locs(xml)).toEqual([`${ORIGIN}/`, `${ORIGIN}/top-sellers`, `${ORIGIN}/listing/1`, `${ORIGIN}/listing/2`, `${ORIGIN}/listing/3`])
    expect(xml).toContain(`<url><loc>${ORIGIN}/listing/2</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod></url>`)
  })

  it('lists dated pages (blog posts) after the fixed ones, with lastmod', async () => {
    const xml = await mainSitemap({ ...options(1), articles: [{ path: '/blog/7', updatedAt: new Date(Date.UTC(2026, 5, 1)) }] })
    expect(locs(xml)).toEqual([`${ORIGIN}/`, `${ORIGIN}/top-sellers`, `${ORIGIN}/blog/7`, `${ORIGIN}/listing/1`])
    expect(xml).toContain(`<url><loc>${ORIGIN}/blog/7</loc><lastmod>2026-06-01T00:00:00.000Z</lastmod></url>`)
  })

  it('becomes an index of files of at most `limit` URLs past the limit', async () => {
    const o = options(5, 4)
    const index = await mainSitemap(o)
    expect(index).toContain('<sitemapindex')
    expect(locs(index)).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-listings-1.xml`, `${ORIGIN}/sitemap-listings-2.xml`])
    expect(o.reads).toEqual([])
    expect(locs(pagesSitemap(o))).toEqual([`${ORIGIN}/`, `${ORIGIN}/top-sellers`])
    expect(locs((await listingsSitemap(o, 1))!)).toHaveLength(4)
    expect(locs((await listingsSitemap(o, 2))!)).toEqual([`${ORIGIN}/listing/5`])
    expect(await listingsSitemap(o, 3)).toBeNull()
    expect(await listingsSitemap(o, 0)).toBeNull()
  })
})

describe('robotsTxt', () => {
  it('allows all, keeps crawlers out of the API and private screens and names the sitemap', () => {
    const text = robotsTxt(ORIGIN)
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true)
    for (const path of ['/api/', '/admin', '/login', '/messages', '/settings', '/create-listing', '/email/', '/payment']) {
      expect(text).toContain(`\nDisallow: ${path}\n`)
    }
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    expect(text).not.toMatch(/Disallow: \/listing|Disallow: \/buy-/)
  })
})
