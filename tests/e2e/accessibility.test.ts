import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SPEC_ROUTE_TABLE, type SpecRoute } from '../../src/renderer/app/routes'
import type { ApiClient } from '../support/http-client'
import { axeViolations, reportViolations, type Finding } from '../support/axe'
import { SHOTS, apiSignedInAs, pageSettled, signedInAs, useDemoSite } from '../support/e2e'
import { layoutProblemsAcrossWidths } from '../support/layout'

const site = useDemoSite()
const url = (path: string) => `${site.server.url}${path}`

// the API's own JSON answer, and redirects, which land on a route walked on its own
const walked = (route: SpecRoute) => !route.path.startsWith('/api/') && !route.screen?.endsWith('-redirect')
// what only an admin sees in full: the admin area, the diagnostics and the outbox
const forAdmins = (route: SpecRoute) => route.path.startsWith('/admin') || route.path.includes('diagnostic') || route.path.startsWith('/email/')

interface DemoIds {
  listing: number
  seller: number
  post: number
  transaction: number
  conversation: number
}

/**
 * The URL of a route with its parameter filled by a real demo record where the route's first segments name one
 * (`/listing/:id` → a listing), so the walk sees the screen with its data; any other route keeps its sample.
 */
function urlFor(route: SpecRoute, ids: DemoIds): string {
  const byPrefix: Record<string, number> = {
    listing: ids.listing,
    account: ids.listing,
    seller: ids.seller,
    profile: ids.seller,
    blog: ids.post,
    'admin/blog': ids.post,
    transaction: ids.transaction,
    payment: ids.transaction,
    chat: ids.conversation,
    'admin/chat': ids.conversation,
  }
  const param = route.path.lastIndexOf('/:')
  if (param < 0) return route.path
  const id = byPrefix[route.path.slice(1, param)]
  return id === undefined ? (route.sample ?? route.path) : `${route.path.slice(0, param)}/${id}`
}

/** alice starts buying one of bob's listings (the deal, its payment page and chat exist), and all three sides write in the chat. */
async function demoIds(): Promise<DemoIds> {
  const [alice, bob, admin] = [await apiSignedInAs(site, 'alice'), await apiSignedInAs(site, 'bob'), await apiSignedInAs(site, 'admin')]
  const listings = (await bob.get('/api/accounts?pageSize=100&sort=price-low')).json as unknown as { id: number; sellerId: number; seller: { username: string } }[]
  const ofBob = listings.filter((l) => l.seller.username === 'bob')
  const [post] = (await bob.get('/api/blog')).json as unknown as { id: number }[]
  const deal = await alice.post('/api/transactions', { listingId: ofBob[0]!.id }, { 'Idempotency-Key': 'a11y-walk' })
  expect(deal.status).toBe(201)
  const { id: transaction, conversationId: conversation } = deal.json as unknown as { id: number; conversationId: number }
  const lines: [ApiClient, string][] = [
    [alice, 'Hello Bob, is the channel still growing every month?'],
    [bob, 'Hi Alice! Yes, about 4% a month over the last half year.'],
    [admin, 'Handover support here: I am watching this deal, ask me anything.'],
    [alice, 'Thanks! I will pay today.'],
  ]
  for (const [client, content] of lines) expect((await client.post(`/api/conversations/${conversation}/messages`, { content })).status).toBe(201)
  return { listing: ofBob[1]!.id, seller: ofBob[0]!.sellerId, post: post!.id, transaction, conversation }
}

/** Waits for the lazy page and its data, scrolls through it so lazily shown sections render too, and back to the top. */
async function settle(page: Page): Promise<void> {
  await pageSettled(page)
  await page.evaluate(async () => {
    // two frames, or 250 ms where Chromium stalls the page's frames: the walk must never wait for ever
    const frame = () =>
      new Promise((done) => {
        requestAnimationFrame(() => requestAnimationFrame(done))
        setTimeout(done, 250)
      })
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await frame()
    }
  })
  // sections that load when seen: their skeletons go when the data is in (a screen that keeps one is checked as it is)
  await page
    .waitForFunction(() => !document.querySelector('[data-slot="skeleton"], [aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined)
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForLoadState('networkidle')
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path))
  await settle(page)
}

// animations cut short: axe reads colours as they end, not halfway through a fade
async function visitor(): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  return context.newPage()
}

async function signedIn(username: string): Promise<Page> {
  const page = await signedInAs(site, username, username === 'admin' ? 'handover-admin' : 'handover-demo')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  return page
}

interface WalkResult {
  /** every serious or critical axe finding */
  findings: Finding[]
  /** what is wider than the screen or spills out of its box at 320, 768 or 1280 px */
  layout: string[]
}

/**
 * Each route in one page: axe at 1280 px, then the same page laid out at a phone's, a tablet's and a laptop's
 * width, photographed at each (test-results/e2e/layout/<who>/<width>/) and checked for overflowing parts.
 */
async function walk(page: Page, who: string, routes: SpecRoute[]): Promise<WalkResult> {
  const result: WalkResult = { findings: [], layout: [] }
  for (const route of routes) {
    const path = urlFor(route, ids)
    await open(page, path)
    result.findings.push(...(await axeViolations(page, `${path} (${who})`)))
    const name = path.slice(1).replace(/[^a-z0-9]+/gi, '-') || 'home'
    result.layout.push(...(await layoutProblemsAcrossWidths(page, `${path} (${who})`, `${SHOTS}/layout/${who}`, name)))
  }
  await page.context().close()
  return result
}

/**
 * One route per screen (the first of `/` and `/social-media-marketplace`, of the four payment returns…) and every
 * route still without one: what a signed-in walk needs, since the routes of one screen differ only in what a
 * visitor already saw.
 */
function onePerScreen(list: SpecRoute[]): SpecRoute[] {
  const seen = new Set<string>()
  return list.filter((route) => {
    if (!route.screen) return true
    if (seen.has(route.screen)) return false
    seen.add(route.screen)
    return true
  })
}

const routes = SPEC_ROUTE_TABLE.filter(walked)
let ids: DemoIds

beforeAll(async () => {
  ids = await demoIds()
})

describe('axe and the layout at three widths over every route, signed out, signed in and as the admin', () => {
  // axe's contrast check takes a second or more on a long page: each walk gets minutes
  it('finds no serious or critical violation, and nothing wider than a phone, on any route for a visitor', async () => {
    const { findings, layout } = await walk(await visitor(), 'visitor', routes)
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
  }, 600_000)

  it('finds none on any screen but the admin area signed in as alice', async () => {
    const { findings, layout } = await walk(await signedIn('alice'), 'alice', onePerScreen(routes.filter((r) => !forAdmins(r))))
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
  }, 480_000)

  it('finds none on the admin screens signed in as the admin', async () => {
    const { findings, layout } = await walk(await signedIn('admin'), 'admin', onePerScreen(routes.filter(forAdmins)))
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
  }, 300_000)
})

describe('axe over the open states that matter', () => {
  it('finds none in the purchase and deposit dialogs, the bell, the account menu, a chat thread and the phone menu', async () => {
    const alice = await signedIn('alice')
    const findings: Finding[] = []
    const check = async (state: string) => findings.push(...(await axeViolations(alice, state)))

    await open(alice, `/listing/${ids.listing}`)
    await alice.getByRole('button', { name: 'Buy Now' }).click()
    await alice.getByRole('dialog').getByTestId('quote-summary').waitFor()
    await check('purchase dialog')
    await alice.keyboard.press('Escape')

    await open(alice, '/balance')
    await alice.getByRole('button', { name: 'Deposit' }).click()
    await alice.getByRole('dialog').getByLabel('Amount (USD)').waitFor()
    await check('deposit dialog')
    await alice.keyboard.press('Escape')

    await open(alice, '/')
    await alice.getByRole('button', { name: /^Notifications/ }).click()
    await alice.getByRole('menu').waitFor()
    await settle(alice)
    await check('notification dropdown')
    await alice.keyboard.press('Escape')

    await alice.getByRole('button', { name: 'Account menu' }).click()
    await alice.getByRole('menu').waitFor()
    await check('account menu')
    await alice.keyboard.press('Escape')

    await open(alice, `/chat/${ids.conversation}`)
    await alice.getByTestId('chat-thread').getByTestId('message').filter({ hasText: 'Handover support here' }).waitFor()
    await check('chat thread')

    await open(alice, `/messages?conversation=${ids.conversation}`)
    await alice.getByTestId('chat-thread').getByTestId('message').filter({ hasText: 'I will pay today' }).waitFor()
    await check('messages with a thread open')

    await alice.setViewportSize({ width: 375, height: 800 })
    await open(alice, '/')
    await alice.getByRole('button', { name: 'Open menu' }).click()
    await alice.getByRole('dialog').waitFor()
    await check('phone menu at 375 px')
    await alice.keyboard.press('Escape')

    await open(alice, `/chat/${ids.conversation}`)
    await alice.getByTestId('chat-thread').getByTestId('message').first().waitFor()
    await check('chat thread at 375 px')

    expect(findings.length, reportViolations(findings)).toBe(0)
    await alice.context().close()
  }, 120_000)
})
