import { createHash } from 'node:crypto'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { SPEC_ROUTE_TABLE, type SpecRoute } from '../../src/renderer/app/routes'
import type { ApiClient } from './http-client'
import { axeViolations, darkContrastViolations, type Finding } from './axe'
import { SHOTS, apiSignedInAs, onThrown, pageSettled, routeProblems, signedInAs, type DemoSite } from './e2e'
import { layoutProblemsAcrossWidths } from './layout'

/**
 * The accessibility walks' parts, shared by the end-to-end files that walk the routes (a visitor's walk, and the
 * signed-in walks, in files of their own so that the two end-to-end workers can run them side by side).
 */

// the API's own JSON answer, and redirects, which land on a route walked on its own
export const walked = (route: SpecRoute) => !route.path.startsWith('/api/') && !route.screen?.endsWith('-redirect')
// what only an admin sees in full: the admin area, the diagnostics and the outbox
export const forAdmins = (route: SpecRoute) =>
  route.path.startsWith('/admin') || route.path.includes('diagnostic') || route.path.startsWith('/email/')

export interface DemoIds {
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
export function urlFor(route: SpecRoute, ids: DemoIds): string {
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
export async function demoIds(site: DemoSite): Promise<DemoIds> {
  const [alice, bob, admin] = [await apiSignedInAs(site, 'alice'), await apiSignedInAs(site, 'bob'), await apiSignedInAs(site, 'admin')]
  const listings = (await bob.get('/api/accounts?pageSize=100&sort=price-low')).json as unknown as {
    id: number
    sellerId: number
    seller: { username: string }
  }[]
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
export async function settle(page: Page): Promise<void> {
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
  // back at the top, and a frame later: the header reads the scroll position once a frame
  await page.evaluate(async () => {
    window.scrollTo(0, 0)
    await new Promise((done) => {
      requestAnimationFrame(() => requestAnimationFrame(done))
      setTimeout(done, 250)
    })
  })
  await page.waitForLoadState('networkidle')
}

export async function open(site: DemoSite, page: Page, path: string): Promise<void> {
  await page.goto(`${site.server.url}${path}`)
  await settle(page)
}

// animations cut short: axe reads colours as they end, not halfway through a fade
export async function visitor(site: DemoSite): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  return context.newPage()
}

export async function signedIn(site: DemoSite, username: string): Promise<Page> {
  const page = await signedInAs(site, username, username === 'admin' ? 'handover-admin' : 'handover-demo')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  return page
}

export interface WalkResult {
  /** every serious or critical axe finding */
  findings: Finding[]
  /** what is wider than the screen or spills out of its box at 320, 768 or 1280 px */
  layout: string[]
  /** the addresses axe ran on: the first of each screen */
  checked: string[]
  /** routes that threw while loading, showed an error screen or fell through to the 404 page, each with what went wrong */
  broken: string[]
  /** routes whose screen is still the "not built yet" notice, by their sample address */
  notBuilt: string[]
}

/**
 * React's `useId` values (`_r_1_`, and `:r1:` or `«r1»` in earlier versions): numbered in the order components
 * mounted since the page loaded, so the same screen gets other numbers after a redirect that mounted something
 * first, or not, depending on which request answered first.
 */
const REACT_IDS = /_r_[0-9a-z]+_|:r[0-9a-z]+:|«r[0-9a-z]+»/g
/**
 * Radix stops a part's entry animation on its first render with an inline `animation-duration: 0s`, and drops it
 * at the first re-render after the next frame: whether the page shows it depends on what re-rendered meanwhile.
 */
const MOUNT_ANIMATION_STOP = /animation-duration: 0s;\s?/g
/**
 * A figure counting up to its value (the home page's marketplace figures): the number shown is decorative, hidden
 * from assistive technology next to the real one, and wherever the count has got to is the same screen.
 */
const COUNTING_FIGURE = /(<span aria-hidden="true">)[\d,.]+(<\/span>)/g

/** The markup a fingerprint hashes, without what differs between two loads of one screen and that axe does not read. */
function fingerprintMarkup(lang: string, titled: boolean, bodyHtml: string): string {
  return JSON.stringify([lang, titled, bodyHtml.replace(REACT_IDS, '_r_').replace(MOUNT_ANIMATION_STOP, '').replace(COUNTING_FIGURE, '$1#$2')])
}

/**
 * What axe reads of the page as it is now: the document's language, whether it has a title, and the body's markup
 * with the query strings of its links, React's generated ids and Radix's mount-animation stop left out, hashed. A
 * visitor meets the same sign-in page under a dozen addresses, and the same "Admins only" screen under every admin
 * one, differing only in the `?next=` their links carry back: checking one of them checks them all. The first
 * `/login` of a walk differs from the later ones in exactly those ids and that style, and one CI run checked
 * `/balance` (the sign-in page again) as a screen of its own.
 */
async function screenFingerprint(page: Page): Promise<string> {
  const [lang, titled, body] = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement
    for (const link of copy.querySelectorAll('[href]')) link.setAttribute('href', link.getAttribute('href')!.split('?')[0]!)
    return [document.documentElement.lang, document.title.trim() !== '', copy.outerHTML] as const
  })
  return createHash('sha256')
    .update(fingerprintMarkup(lang, titled, body))
    .digest('hex')
}

/**
 * Each route in one page, each a fresh load of its address: first whether it loaded at all (nothing thrown, no error
 * screen, not the 404 page, and whether it is still "not built yet"), then axe at 1280 px, in the light theme and then
 * for contrast in the dark one, then the same page laid out at a phone's, a tablet's and a laptop's width,
 * photographed at each (test-results/e2e/layout/<who>/<width>/) and checked for overflowing parts. Once per screen as
 * axe would read it: a route showing a screen already checked (the sign-in page a visitor meets under a dozen
 * addresses) is not checked again.
 */
export async function walk(site: DemoSite, page: Page, who: string, routes: SpecRoute[], ids: DemoIds): Promise<WalkResult> {
  const result: WalkResult = { findings: [], layout: [], checked: [], broken: [], notBuilt: [] }
  const screens = new Set<string>()
  let thrown: string[] = []
  onThrown(page, (message) => thrown.push(message))
  for (const route of routes) {
    const path = urlFor(route, ids)
    thrown = []
    await open(site, page, path)
    result.broken.push(...(await routeProblems(page, path, thrown)))
    // named as NOT_BUILT_ROUTES names them: by the table's sample address
    if (!route.screen?.endsWith('-redirect') && (await page.locator('[data-testid="not-built"]').count()) > 0)
      result.notBuilt.push(route.sample ?? route.path)
    const screen = await screenFingerprint(page)
    // the same markup under the same styles lays out the same: a screen already checked is not measured again either
    if (screens.has(screen)) continue
    screens.add(screen)
    result.checked.push(path)
    result.findings.push(...(await axeViolations(page, `${path} (${who})`)))
    result.findings.push(...(await darkContrastViolations(page, `${path} (${who})`)))
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
export function onePerScreen(list: SpecRoute[]): SpecRoute[] {
  const seen = new Set<string>()
  return list.filter((route) => {
    if (!route.screen) return true
    if (seen.has(route.screen)) return false
    seen.add(route.screen)
    return true
  })
}

/**
 * Screens whose content never reads who is signed in (their components never ask for the current user): content
 * pages, the blog, the landing pages, top sellers, the contact form, the sign-in family and the payment results.
 * Signed in, they differ from a visitor's only in the header, which the signed-in walk checks on every screen it
 * does visit; the visitor's walk checks their content. So the signed-in walk leaves them out: about fifteen screens
 * of axe, the dark theme's contrast and three layouts, on the end-to-end suite's busiest worker.
 */
export const SAME_FOR_EVERY_VIEWER: ReadonlySet<string> = new Set([
  'faq',
  'terms',
  'privacy',
  'cookies',
  'how-it-works',
  'escrow-service',
  'blogs',
  'blog-post',
  'top-sellers',
  'landing',
  'contact',
  'login',
  'signup',
  'forgot-password',
  'reset-password',
  'verification',
  'payment-success',
  'payment-failed',
])

/** Every route the walks visit: all but the API's JSON answers and the redirects. */
export const WALKED_ROUTES = SPEC_ROUTE_TABLE.filter(walked)

/** What a visitor's walk opens: every route the website answers, the redirects too (each must land somewhere, unbroken). */
export const WEBSITE_ROUTES = SPEC_ROUTE_TABLE.filter((route) => route.screen !== 'server-page')
