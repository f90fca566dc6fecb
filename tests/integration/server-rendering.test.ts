import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSDOM } from 'jsdom'
import { formatMoney } from '@shared/format'
import { SERVER_DATA_ID } from '@shared/server-data'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

/**
 * Public pages as the server first sends them, read with no browser and no script run: their content is in the HTML,
 * with the data it was rendered from beside it. Needs the built website (`npm run build:web`, which builds dist/ssr too).
 */

const WEB_ROOT = resolve(import.meta.dirname, '../../dist/web')

let db: TestDatabase
let server: RunningServer
let api: ApiClient

interface Served {
  status: number
  root: Element
  /** the query keys the page carries data for, as JSON strings */
  keys: string[]
  html: string
}

async function serve(url: string, cookie?: string): Promise<Served> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} })
  const html = await res.text()
  // JSDOM runs no script unless asked: this is the page before any of its code has run
  const { document } = new JSDOM(html).window
  const data = document.getElementById(SERVER_DATA_ID)?.textContent
  const queries = data ? (JSON.parse(data) as { queries: { queryKey: unknown }[] }).queries : []
  return { status: res.status, root: document.getElementById('root')!, keys: queries.map((q) => JSON.stringify(q.queryKey)), html }
}

const page = (path: string, cookie?: string) => serve(`${server.url}${path}`, cookie)
const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ')
/** The listing cards of the catalogue's grid, in order, by the listing each links to. */
const cardIds = (root: Element) =>
  [...root.querySelectorAll('#filterable-listings li a[href^="/listing/"]')]
    .map((a) => Number(a.getAttribute('href')!.split('/')[2]))
    .filter((id, i, all) => all.indexOf(id) === i)

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: demoEnv(), webRoot: WEB_ROOT })
  api = new ApiClient(server.url)
})

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe('public pages rendered on the server', () => {
  it('the catalogue: its first 28 cards, in the order the API lists them, with or without filters in the URL, and on a landing page', async () => {
    for (const [path, query] of [
      ['/', 'page=1&pageSize=28'],
      ['/?platform=youtube&sort=price-low', 'platform=youtube&sort=price-low&page=1&pageSize=28'],
      // a landing page's grid is its own platform's from the start
      ['/buy-youtube-accounts', 'platform=youtube&page=1&pageSize=28'],
    ] as const) {
      const expected = ((await api.get(`/api/accounts?${query}`)).json as unknown as { id: number; accountTitle: string }[]).map((l) => l.id)
      expect(expected.length, path).toBe(28)
      const served = await page(path)
      expect(served.status).toBe(200)
      expect(cardIds(served.root), path).toEqual(expected)
      // the grid's own data is in the page, so the browser does not ask again
      expect(
        served.keys.some((key) => key.startsWith('["listings","list"')),
        path,
      ).toBe(true)
    }
  })

  it('a listing: its title and price in the markup, and the signed-in visitor gets the same public page', async () => {
    const [listing] = (await api.get('/api/accounts?pageSize=1')).json as unknown as { id: number; accountTitle: string; price: number }[]
    const served = await page(`/listing/${listing!.id}`)
    expect(served.status).toBe(200)
    expect(served.root.querySelector('h1')?.textContent).toBe(listing!.accountTitle)
    expect(textOf(served.root)).toContain(formatMoney(listing!.price))

    const alice = new ApiClient(server.url)
    expect((await alice.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })).status).toBe(200)
    const signedIn = await page(`/listing/${listing!.id}`, alice.cookieHeader)
    expect(signedIn.root.querySelector('h1')?.textContent).toBe(listing!.accountTitle)
    // who is signed in is left for the browser to ask: nothing of theirs is in the page
    expect(signedIn.keys.filter((key) => key.startsWith('["auth"'))).toEqual([])
    expect(signedIn.html).not.toContain('alice@')
  })

  it('a blog post: its text before any script runs', async () => {
    const [summary] = (await api.get('/api/blog')).json as unknown as { id: number; title: string }[]
    const post = (await api.get(`/api/blog/${summary!.id}`)).json as unknown as { title: string; html: string }
    const firstParagraph = textOf(new JSDOM(post.html).window.document.querySelector('p')!).trim()
    const served = await page(`/blog/${summary!.id}`)
    expect(served.root.querySelector('h1')?.textContent).toBe(post.title)
    expect(textOf(served.root)).toContain(firstParagraph)
  })

  it('leaves private screens and pages that were not found to the browser: an empty root and no data', async () => {
    const alice = new ApiClient(server.url)
    await alice.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })
    const aliceId = ((await alice.get('/api/auth/me')).json as { id: number }).id
    // the same screen as /seller/{id}, at a private address
    expect((await page(`/seller/${aliceId}`)).root.childElementCount).toBeGreaterThan(0)
    for (const [path, status] of [
      ['/transactions', 200],
      [`/profile/${aliceId}`, 200],
      ['/admin-dashboard', 200],
      ['/listing/999999', 404],
      ['/no-such-page', 404],
    ] as [string, number][]) {
      const served = await page(path)
      expect(served.status, path).toBe(status)
      expect(served.root.childElementCount, path).toBe(0)
      expect(served.html, path).not.toContain(SERVER_DATA_ID)
    }
  })
})

describe('a page whose content cannot be rendered', () => {
  let broken: string
  let brokenServer: RunningServer

  beforeAll(async () => {
    // the built website, with a server bundle that fails or never finishes
    broken = await mkdtemp(join(tmpdir(), 'handover-ssr-'))
    await cp(WEB_ROOT, join(broken, 'web'), { recursive: true })
    await mkdir(join(broken, 'ssr'))
    await writeFile(
      join(broken, 'ssr', 'entry-server.js'),
      `export async function renderPage(url) {
        if (url.includes('/faq')) return new Promise(() => {})
        throw new Error('rendering failed')
      }\n`,
    )
    brokenServer = await startTestServer({ databaseUrl: db.url, env: demoEnv(), webRoot: join(broken, 'web') })
  })

  afterAll(async () => {
    await brokenServer?.close()
    await rm(broken, { recursive: true, force: true })
  })

  it('goes out without it, to be rendered in the browser as before, when rendering fails or takes too long', async () => {
    for (const path of ['/', '/faq']) {
      const served = await serve(`${brokenServer.url}${path}`)
      expect(served.status, path).toBe(200)
      expect(served.root.childElementCount, path).toBe(0)
      expect(served.html, path).toMatch(/<script type="module"[^>]+src="\/assets\/index-[^"]+\.js"/)
      // and with its app preloaded, as a page without content needs
      expect(served.html, path).toContain('rel="modulepreload"')
    }
  })
})
