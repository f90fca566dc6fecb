import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { SPEC_ROUTE_TABLE } from '../../src/renderer/app/routes'
import { diagnosticReportSchema } from '../../src/shared/api/diagnostics'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { launchChromium } from '../support/browser'
import { SHOTS, WEB_ROOT, onThrown, pageSettled, routeProblems } from '../support/e2e'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

// answered by the server itself (JSON), not by the website: checked over HTTP below
const SERVER_ROUTES = new Set(SPEC_ROUTE_TABLE.filter((r) => r.screen === 'server-page').map((r) => r.sample ?? r.path))

let db: TestDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, webRoot: WEB_ROOT })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await db?.drop()
})

/** Opens the path in the page and answers its text once it has settled. */
async function visit(page: Page, path: string) {
  const response = await page.goto(`${server.url}${path}`)
  await pageSettled(page)
  return { status: response?.status(), text: await page.locator('body').innerText() }
}

/** What a crawler that runs scripts reads once the page has rendered: title, robots and canonical. */
const headOf = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content'),
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
  }))

// every route's own load (no error screen, not the 404 page, not "not built yet") is checked by the visitor's
// accessibility walk, which opens each of them anyway (accessibility.test.ts)
describe('unknown and forwarded paths in Chromium', () => {
  it('shows the 404 page for an unknown path, answered 404 and never indexed, and keeps the query on /chat', async () => {
    const page = await browser.newPage()
    for (const path of ['/nonexistent-page', '/.git/config', '/no/such/page']) {
      const { status } = await visit(page, path)
      expect(status, path).toBe(404)
      // the 404 screen's code loads on demand: on a busy machine it can arrive after the network has gone quiet, so the
      // page is read once its heading shows, as a person would read it
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor({ timeout: 15_000 })
      expect(await page.locator('body').innerText(), path).toContain('Page Not Found')
      expect(await headOf(page), path).toEqual({ title: 'Page Not Found | Handover', robots: 'noindex, nofollow', canonical: [] })
    }
    await page
      .getByRole('link', { name: /Go to Homepage/ })
      .or(page.getByRole('button', { name: /Go to Homepage/ }))
      .first()
      .waitFor()
    await page.screenshot({ path: `${SHOTS}/not-found.png` })

    // /chat keeps the query on its way to /messages, which sends a visitor on to sign in
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    await page.goto(`${server.url}/chat?conversation=7`)
    await page.waitForURL(`${server.url}/login?redirect=%2Fmessages%3Fconversation%3D7&reason=messages`)
    expect(visited).toContain(`${server.url}/messages?conversation=7`)
    await page.goto(`${server.url}/auth`)
    await page.waitForURL(/\/login$/)
    await page.close()
  })
})

describe('a record that is not there', () => {
  // the walks open every route with real demo records; on this empty database each record's own screen says it is missing
  it('shows each record route its own "not found" screen, not an error screen or the 404 page', async () => {
    const page = await browser.newPage()
    const thrown: string[] = []
    onThrown(page, (message) => thrown.push(message))
    for (const [path, heading] of [
      ['/listing/1', 'Listing not found'],
      ['/account/1', 'Listing not found'],
      ['/seller/1', 'Seller not found'],
      ['/profile/99999', 'Seller not found'],
      ['/blog/1', 'Post not found'],
    ] as const) {
      thrown.length = 0
      const { status } = await visit(page, path)
      expect(status, path).toBe(404)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      expect(await routeProblems(page, path, thrown)).toEqual([])
    }
    await page.screenshot({ path: `${SHOTS}/record-not-found.png` })
    await page.close()
  })
})

describe('the header', () => {
  it('is solid from the first frame after the page scrolls, and clear again back at the top', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.url}/faq`)
    await pageSettled(page)
    const background = () =>
      page
        .locator('header')
        .first()
        .evaluate((header) => getComputedStyle(header).backgroundColor)
    const scrollTo = (y: number) =>
      page.evaluate(
        (top) =>
          new Promise<number>((done) => {
            window.scrollTo(0, top)
            requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY)))
          }),
        y,
      )
    expect(await background()).toBe('rgba(0, 0, 0, 0)')
    // a jump (a link to a section, a restored position): light content is under the header in the same frame
    expect(await scrollTo(600)).toBeGreaterThan(0)
    expect(await background()).toBe('rgb(10, 17, 40)')
    await scrollTo(0)
    await expect.poll(background).toBe('rgba(0, 0, 0, 0)')
    await page.close()
  })
})

describe('start-up failures', () => {
  const APP_CHUNK = /\/assets\/app-[^/]+\.js$/

  it('reloads once by itself when the app chunk fails to arrive, and says so if it fails again', async () => {
    // without the worker, every request goes through page.route
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    // the page asks for the app chunk twice (its preload hint, then the entry's import): the chunk fails to arrive
    // for every request of the first `failingLoads` page loads
    let documents = 0
    let failingLoads = 1
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) documents++
    })
    await page.route(APP_CHUNK, (route) => (documents <= failingLoads ? route.abort('connectionreset') : route.continue()))
    const loads: string[] = []
    page.on('load', () => loads.push(page.url()))
    await page.goto(`${server.url}/terms`)
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor()
    expect(loads).toHaveLength(2)

    // a chunk that keeps failing: one automatic reload, then the start-up failure screen
    await page.evaluate(() => window.sessionStorage.clear())
    failingLoads = Number.POSITIVE_INFINITY
    await page.goto(`${server.url}/terms`)
    await page.getByRole('heading', { name: 'App Initialization Failed' }).waitFor()
    await page.screenshot({ path: `${SHOTS}/app-initialization-failed.png` })
    expect(loads).toHaveLength(4)

    // the network is back: Reload Page starts the app
    failingLoads = documents
    await page.getByRole('button', { name: 'Reload Page' }).click()
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor()
    await context.close()
  })
})

describe('routes the server answers itself', () => {
  it('serves /api/diagnostic as JSON, with the status of each component', async () => {
    expect([...SERVER_ROUTES]).toEqual(['/api/diagnostic'])
    const res = await fetch(`${server.url}/api/diagnostic`)
    expect([200, 503]).toContain(res.status)
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = diagnosticReportSchema.parse(await res.json())
    expect(body.components.map((c) => c.name)).toEqual(['database', 'email', 'payments', 'crypto'])
  })
})

describe('static files', () => {
  it('answers a missing file with 404 instead of the app, and serves hashed assets for a year', async () => {
    const missing = await fetch(`${server.url}/sounds/does-not-exist.mp3`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type') ?? '').not.toContain('text/html')
    const html = await (await fetch(`${server.url}/some/page`)).text()
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(asset).toBeDefined()
    const res = await fetch(`${server.url}${asset}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('immutable')
  })

  it('serves the two sounds as MP3 audio (SPEC §7)', async () => {
    for (const name of ['notification', 'purchase']) {
      const res = await fetch(`${server.url}/sounds/${name}.mp3`)
      expect(res.status, name).toBe(200)
      expect(res.headers.get('content-type'), name).toBe('audio/mpeg')
      const bytes = new Uint8Array(await res.arrayBuffer())
      // an MPEG audio frame sync, or an ID3 tag in front of one
      expect(bytes[0] === 0xff || String.fromCharCode(...bytes.slice(0, 3)) === 'ID3', name).toBe(true)
      expect(bytes.length, name).toBeLessThan(32 * 1024)
    }
  })
})
