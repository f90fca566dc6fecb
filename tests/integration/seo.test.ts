import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSDOM } from 'jsdom'
import pg from 'pg'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

/**
 * The server's first HTML answer, read as a crawler reads it: raw HTML, no JavaScript.
 * Needs the built website (`npm run build:web`).
 */

const PUBLIC = 'https://handover.example'
const HOSTILE_TITLE = `"><script>alert('title')</script><img src=x onerror=alert(1)>`

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let active: { id: number; account_title: string; price_cents: string; images: string[] }
let hostileId: number
let alice: number
let soldId: number
let reservedId: number
let removedId: number

interface Page {
  status: number
  type: string
  head: Document['head']
  html: string
}

async function fetchPage(path: string): Promise<Page> {
  const res = await fetch(`${server.url}${path}`)
  const html = await res.text()
  // JSDOM runs no scripts unless asked: this is what a crawler without JavaScript sees
  const { document } = new JSDOM(html).window
  return { status: res.status, type: res.headers.get('content-type') ?? '', head: document.head, html }
}

const meta = (head: Element, key: string) =>
  [...head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((el) => el.getAttribute('content'))
const canonical = (head: Element) => [...head.querySelectorAll('link[rel="canonical"]')].map((el) => el.getAttribute('href'))
const jsonLd = (head: Element) =>
  [...head.querySelectorAll('script[type="application/ld+json"]')].map((el) => JSON.parse(el.textContent ?? '') as Record<string, unknown>)

async function insertListing(title: string, status: string, handle: string): Promise<number> {
  const { rows } = await sql.query(
    `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers, status, search_text, niche_key)
     select id, 'instagram', $2::text, 'Display', 'Travel', 'A travel account.', $1::text, 123456, 45200, $3::text, lower($2::text), 'travel'
     from users where username = 'alice' returning id`,
    [title, handle, status],
  )
  return rows[0].id as number
}

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({
    databaseUrl: db.url,
    env: { ...demoEnv(), PUBLIC_URL: PUBLIC },
    webRoot: resolve(import.meta.dirname, '../../dist/web'),
  })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  // an uploaded banner: previews need it as an absolute URL on the public address
  const { rows } = await sql.query(
    `update listings set images = '["/media/listings/0123456789abcdef0123456789abcdef.webp"]'
     where id = (select min(id) from listings where status = 'active') returning id, account_title, price_cents, images`,
  )
  active = rows[0]
  alice = (await sql.query<{ id: number }>(`select id from users where username = 'alice'`)).rows[0]!.id
  hostileId = await insertListing(HOSTILE_TITLE, 'active', 'hostile_one')
  soldId = await insertListing('Sold travel account', 'sold', 'sold_one')
  reservedId = await insertListing('Reserved travel account', 'reserved', 'reserved_one')
  removedId = await insertListing('Removed travel account', 'removed', 'removed_one')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('tags in the first HTML answer', () => {
  it('home: title, description, canonical, robots, previews and WebSite data, each once', async () => {
    const page = await fetchPage('/?platform=tiktok')
    expect(page.status).toBe(200)
    expect(page.type).toMatch(/^text\/html/)
    expect(page.head.querySelectorAll('title')).toHaveLength(1)
    expect(page.head.querySelector('title')?.textContent).toBe('Buy & Sell YouTube Channels and Social Media Accounts | Handover')
    expect(meta(page.head, 'description')).toHaveLength(1)
    expect(meta(page.head, 'description')[0]).toMatch(/YouTube channels/)
    expect(meta(page.head, 'robots')).toEqual(['index, follow'])
    // the query is not part of the page's address
    expect(canonical(page.head)).toEqual([`${PUBLIC}/`])
    expect(meta(page.head, 'og:url')).toEqual([`${PUBLIC}/`])
    expect(meta(page.head, 'og:type')).toEqual(['website'])
    expect(meta(page.head, 'twitter:card')).toEqual(['summary'])
    expect(jsonLd(page.head)).toEqual([expect.objectContaining({ '@type': 'WebSite', url: `${PUBLIC}/` })])
    // still the app: its script and root element are there (holding the page rendered on the server)
    expect(page.html).toMatch(/<script type="module"[^>]+src="\/assets\/index-[^"]+\.js"/)
    expect(page.html).toMatch(/<div id="root" aria-busy="true"><a href="#main"/)
  })

  it('a listing: its title, platform, audience and price, its image and Product data, under one canonical address', async () => {
    const listingUrl = `${PUBLIC}/listing/${active.id}`
    for (const path of [`/listing/${active.id}`, `/account/${active.id}`]) {
      const page = await fetchPage(path)
      expect(page.status).toBe(200)
      expect(page.head.querySelector('title')?.textContent).toBe(`${active.account_title} | Handover`)
      expect(meta(page.head, 'description')[0]).toMatch(
        /^(YouTube|Instagram|TikTok|Facebook|Twitter \/ X|Telegram) account @\S+ with [\d.]+[KM]? (subscribers|followers) for \$[\d,.]+, protected by escrow on Handover\.$/,
      )
      expect(meta(page.head, 'robots')).toEqual(['index, follow'])
      expect(canonical(page.head), path).toEqual([listingUrl])
      expect(meta(page.head, 'og:url'), path).toEqual([listingUrl])
      expect(meta(page.head, 'og:image')).toEqual([new URL(active.images[0]!, PUBLIC).toString()])
      const [product] = jsonLd(page.head)
      expect(product).toMatchObject({
        '@type': 'Product',
        name: active.account_title,
        url: listingUrl,
        offers: { '@type': 'Offer', priceCurrency: 'USD', price: (Number(active.price_cents) / 100).toFixed(2) },
      })
    }
  })

  it('a hostile listing title stays text in every tag', async () => {
    const page = await fetchPage(`/listing/${hostileId}`)
    expect(page.status).toBe(200)
    expect(page.html).not.toContain("<script>alert('title')")
    expect(page.html).not.toContain('<img src=x')
    // the only classic script in the head is the site's own theme script, by address; nothing inline
    expect([...page.head.querySelectorAll('script:not([type])')].map((script) => script.outerHTML)).toEqual(['<script src="/theme.js"></script>'])
    expect(page.head.querySelectorAll('img')).toHaveLength(0)
    expect(page.head.querySelector('title')?.textContent).toBe(`${HOSTILE_TITLE} | Handover`)
    expect(meta(page.head, 'og:title')).toEqual([`${HOSTILE_TITLE} | Handover`])
    expect(meta(page.head, 'description')[0]).toBe(
      'Instagram account @hostile_one with 45.2K followers for $1,234.56, protected by escrow on Handover.',
    )
    expect(jsonLd(page.head)[0]).toMatchObject({ name: HOSTILE_TITLE, offers: { price: '1234.56' } })
  })

  it('a sold listing is its record of the sale, not indexed; a reserved one stays indexed as out of stock', async () => {
    await sql.query(`update listings set sold_at = '2026-11-20T10:00:00Z' where id = $1`, [soldId])
    const sold = await fetchPage(`/listing/${soldId}`)
    expect(sold.status).toBe(200)
    expect(sold.head.querySelector('title')?.textContent).toBe('Sold: Sold travel account | Handover')
    expect(meta(sold.head, 'description')).toEqual([
      'Instagram account @sold_one with 45.2K followers, sold for $1,234.56 through escrow on Handover.',
    ])
    expect(meta(sold.head, 'robots')).toEqual(['noindex, nofollow'])
    expect(jsonLd(sold.head)).toEqual([])

    const reserved = await fetchPage(`/listing/${reservedId}`)
    expect(reserved.status).toBe(200)
    expect(reserved.head.querySelector('title')?.textContent).toBe('Reserved travel account | Handover')
    expect(meta(reserved.head, 'robots')).toEqual(['index, follow'])
    expect(jsonLd(reserved.head)[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } })
  })

  it('an unknown, removed or unapproved listing is a 404 with noindex; the app still loads to show its own page', async () => {
    for (const path of ['/listing/999999', `/listing/${removedId}`, '/account/abc', '/listing/99999999999']) {
      const page = await fetchPage(path)
      expect(page.status, path).toBe(404)
      expect(meta(page.head, 'robots'), path).toEqual(['noindex, nofollow'])
      expect(page.head.querySelector('title')?.textContent).toBe('Listing not found | Handover')
      expect(canonical(page.head), path).toEqual([])
      expect(jsonLd(page.head)).toEqual([])
      expect(page.html).toContain('<div id="root"></div>')
    }
  })

  it('a blog post: its own title and summary, an article with BlogPosting data; a draft or unknown post is a 404', async () => {
    const { rows } = await sql.query(`select id, title, excerpt from blog_posts where published_at is not null order by id limit 1`)
    const post = rows[0] as { id: number; title: string; excerpt: string }
    const page = await fetchPage(`/blog/${post.id}`)
    expect(page.status).toBe(200)
    expect(page.head.querySelector('title')?.textContent).toBe(`${post.title} | Handover`)
    expect(meta(page.head, 'description')).toEqual([post.excerpt])
    expect(meta(page.head, 'og:type')).toEqual(['article'])
    expect(meta(page.head, 'robots')).toEqual(['index, follow'])
    expect(canonical(page.head)).toEqual([`${PUBLIC}/blog/${post.id}`])
    expect(jsonLd(page.head)).toEqual([expect.objectContaining({ '@type': 'BlogPosting', headline: post.title, url: `${PUBLIC}/blog/${post.id}` })])

    await sql.query(`update blog_posts set published_at = null where id = $1`, [post.id])
    try {
      for (const path of [`/blog/${post.id}`, '/blog/999999', '/blog/abc']) {
        const missing = await fetchPage(path)
        expect(missing.status, path).toBe(404)
        expect(meta(missing.head, 'robots'), path).toEqual(['noindex, nofollow'])
        expect(missing.head.querySelector('title')?.textContent).toBe('Post not found | Handover')
      }
    } finally {
      await sql.query(`update blog_posts set published_at = created_at where id = $1`, [post.id])
    }
  })

  it('landing pages: their own title; gaming (coming soon) is not indexed', async () => {
    const youtube = await fetchPage('/buy-youtube-accounts')
    expect(youtube.status).toBe(200)
    expect(youtube.head.querySelector('title')?.textContent).toBe('Buy YouTube Accounts | Handover')
    expect(meta(youtube.head, 'robots')).toEqual(['index, follow'])
    expect(canonical(youtube.head)).toEqual([`${PUBLIC}/buy-youtube-accounts`])

    const verified = await fetchPage('/verified-social-media-accounts/')
    expect(verified.head.querySelector('title')?.textContent).toBe('Verified Social Media Accounts for Sale | Handover')
    expect(canonical(verified.head)).toEqual([`${PUBLIC}/verified-social-media-accounts`])

    const gaming = await fetchPage('/buy-gaming-accounts')
    expect(gaming.head.querySelector('title')?.textContent).toBe('Buy Gaming Accounts | Handover')
    expect(meta(gaming.head, 'robots')).toEqual(['noindex, nofollow'])
  })

  it('private screens are not indexed; public ones are', async () => {
    for (const path of [
      '/login',
      '/signup',
      '/messages',
      '/settings',
      '/create-listing',
      '/admin-dashboard',
      '/admin/chat/1',
      `/profile/${alice}`,
      '/email/preview',
      '/payment/return',
      '/payment-success',
      '/trustap/return',
    ]) {
      expect(meta((await fetchPage(path)).head, 'robots'), path).toEqual(['noindex, nofollow'])
    }
    for (const path of ['/top-sellers', `/seller/${alice}`, '/blogs', '/how-it-works', '/escrow-service', '/verification', '/faq']) {
      const page = await fetchPage(path)
      expect(page.status, path).toBe(200)
      expect(meta(page.head, 'robots'), path).toEqual(['index, follow'])
    }
  })

  it('a path the app has no screen for is a 404 with the app, noindex and no canonical; so is a missing seller', async () => {
    const { rows } = await sql.query<{ id: number }>(`update users set banned_at = now() where username = 'bob' returning id`)
    try {
      const unknown = ['/nonexistent-page', '/.git/config', '/listing', '/listing/1/edit', '/wp-admin/', '/admin/nothing']
      const sellers = ['/seller/99999', '/profile/99999', '/seller/abc', '/profile/0', `/seller/${rows[0]!.id}`]
      for (const [paths, title] of [
        [unknown, 'Page Not Found | Handover'],
        [sellers, 'Seller not found | Handover'],
      ] as const) {
        for (const path of paths) {
          const page = await fetchPage(path)
          expect(page.status, path).toBe(404)
          expect(page.type, path).toContain('text/html')
          expect(page.head.querySelector('title')?.textContent, path).toBe(title)
          expect(meta(page.head, 'robots'), path).toEqual(['noindex, nofollow'])
          expect(canonical(page.head), path).toEqual([])
          expect(jsonLd(page.head), path).toEqual([])
          // the app loads and shows its own not-found screen
          expect(page.html, path).toContain('<div id="root"></div>')
        }
      }
    } finally {
      await sql.query(`update users set banned_at = null where username = 'bob'`)
    }
    // every screen of the app is still a page, whatever the letters' case or a trailing slash
    for (const path of ['/FAQ', '/faq/', '/buy-youtube-accounts', '/transaction/5', '/admin/blog/new', '/auth', '/chat/3']) {
      expect((await fetchPage(path)).status, path).toBe(200)
    }
  })

  it('a mistyped id with a dot gets the app (which shows its own not-found screen); a missing file stays a bare 404', async () => {
    for (const path of ['/transaction/3.5', '/payment/3.5', '/listing/7.0']) {
      const page = await fetchPage(path)
      expect(page.type, path).toContain('text/html')
      expect(page.html, path).toContain('<div id="root">')
    }
    for (const path of ['/sounds/missing.mp3', '/assets/gone-1a2b3c.js', '/fonts/x.woff2']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).not.toContain('<div id="root">')
    }
  })
})

describe('/sitemap.xml and /robots.txt', () => {
  it('the sitemap is XML listing the pages and every active listing, and nothing else', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const { window } = new JSDOM('')
    const doc = new window.DOMParser().parseFromString(await res.text(), 'application/xml')
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
    expect(doc.documentElement.tagName).toBe('urlset')
    const urls = [...doc.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }))
    const locs = urls.map((u) => u.loc)
    for (const path of ['/', '/buy-youtube-accounts', '/buy-telegram-accounts', '/verified-social-media-accounts', '/top-sellers']) {
      expect(locs).toContain(`${PUBLIC}${path}`)
    }
    expect(locs).not.toContain(`${PUBLIC}/buy-gaming-accounts`)
    const posts = await sql.query(`select id, updated_at from blog_posts where published_at is not null order by id`)
    expect(posts.rows.length).toBeGreaterThan(0)
    expect(urls.filter((u) => u.loc?.startsWith(`${PUBLIC}/blog/`))).toEqual(
      posts.rows.map((r: { id: number; updated_at: Date }) => ({ loc: `${PUBLIC}/blog/${r.id}`, lastmod: r.updated_at.toISOString() })),
    )
    expect(locs.some((loc) => /\/(login|messages|admin|settings)/.test(loc ?? ''))).toBe(false)

    const { rows } = await sql.query(`select id, updated_at from listings where status = 'active' order by id`)
    const listed = urls.filter((u) => u.loc?.startsWith(`${PUBLIC}/listing/`))
    expect(listed.map((u) => u.loc)).toEqual(rows.map((r: { id: number }) => `${PUBLIC}/listing/${r.id}`))
    expect(listed.map((u) => u.lastmod)).toEqual(rows.map((r: { updated_at: Date }) => r.updated_at.toISOString()))
    expect(locs).toContain(`${PUBLIC}/listing/${hostileId}`)
    expect(locs).not.toContain(`${PUBLIC}/listing/${soldId}`)
  })

  it('a numbered listing sitemap past the last one is a 404', async () => {
    expect((await fetch(`${server.url}/sitemap-listings-2.xml`)).status).toBe(404)
    expect((await fetch(`${server.url}/sitemap-listings-x.xml`)).status).toBe(404)
  })

  it('robots.txt allows the site, keeps crawlers out of private paths and names the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const lines = (await res.text()).split('\n')
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /'])
    for (const path of ['/api/', '/admin', '/login', '/signup', '/messages', '/settings', '/create-listing', '/email/', '/payment']) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`)
  })
})
