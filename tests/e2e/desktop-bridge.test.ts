import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { INVOKE_CHANNELS, invokeContract, type DeepLinkEvent, type DesktopBridge } from '../../src/shared/ipc/contract'
import { parseDeepLink } from '../../src/main/deep-links'
import { SHOTS, apiSignedInAs, useDemoSite } from '../support/e2e'

// The website in Chromium with a simulated desktop bridge: what the renderer asks of the desktop shell.
const site = useDemoSite()

interface DesktopCall {
  name: keyof DesktopBridge
  input?: unknown
}
interface DesktopFake {
  calls: DesktopCall[]
  focused: boolean
  setFocused(focused: boolean): void
  openDeepLink(route: string): void
}
type FakeWindow = { desktop?: DesktopBridge; desktopFake: DesktopFake }

/** Runs in the page before its own scripts: `window.desktop` as the preload exposes it, every call recorded. */
function installDesktopFake(): void {
  const calls: DesktopCall[] = []
  const listeners = new Set<(event: DeepLinkEvent) => void>()
  const fake: DesktopFake = {
    calls,
    focused: true,
    setFocused(focused) {
      fake.focused = focused
      window.dispatchEvent(new Event(focused ? 'focus' : 'blur'))
      document.dispatchEvent(new Event('visibilitychange'))
    },
    openDeepLink(route) {
      for (const listener of listeners) listener({ route })
    },
  }
  // headless Chromium always reports focus; the test decides instead
  Document.prototype.hasFocus = () => fake.focused
  // typed as the contract: a channel added there and missing here fails the typecheck
  const bridge: DesktopBridge = {
    notify: async (input) => void calls.push({ name: 'notify', input }),
    setBadge: async (input) => void calls.push({ name: 'setBadge', input }),
    openExternal: async (input) => void calls.push({ name: 'openExternal', input }),
    getInfo: async () => {
      calls.push({ name: 'getInfo' })
      return { version: '0.0.0-test', platform: 'linux' }
    },
    getServerUrl: async () => {
      calls.push({ name: 'getServerUrl' })
      return { url: location.origin, fromEnvironment: false }
    },
    setServerUrl: async (input) => {
      calls.push({ name: 'setServerUrl', input })
      return { url: input.url, fromEnvironment: false }
    },
    getSettings: async () => {
      calls.push({ name: 'getSettings' })
      return { openAtLogin: false, adminAlerts: { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true } }
    },
    setSettings: async (input) => {
      calls.push({ name: 'setSettings', input })
      return {
        openAtLogin: input.openAtLogin ?? false,
        adminAlerts: { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true, ...input.adminAlerts },
      }
    },
    onDeepLink: (callback) => {
      listeners.add(callback)
      return () => void listeners.delete(callback)
    },
    setConnection: async (input) => void calls.push({ name: 'setConnection', input }),
    onResume: () => () => {},
  }
  const target = window as unknown as FakeWindow
  target.desktopFake = fake
  target.desktop = Object.freeze(bridge)
}

// page.evaluate sends these functions' text to the page, so each names the fake itself
const allCalls = (page: Page) => page.evaluate(() => (window as unknown as FakeWindow).desktopFake.calls)
const calls = async (page: Page, name: DesktopCall['name']) => (await allCalls(page)).filter((c) => c.name === name).map((c) => c.input)
const setFocused = (page: Page, focused: boolean) =>
  page.evaluate((value) => (window as unknown as FakeWindow).desktopFake.setFocused(value), focused)
const openDeepLink = (page: Page, route: string) => page.evaluate((value) => (window as unknown as FakeWindow).desktopFake.openDeepLink(value), route)

/** Every recorded call must pass the main process's own validation. */
async function expectValidCalls(page: Page) {
  for (const call of await allCalls(page)) {
    if (call.name === 'onDeepLink' || call.name === 'onResume') continue
    expect(invokeContract[INVOKE_CHANNELS[call.name]].input.safeParse(call.input).success, JSON.stringify(call)).toBe(true)
  }
}

/**
 * A signed-in desktop window (the fake bridge installed before any script), live connection open on `path`; the
 * live frames it receives are kept in `frames`.
 */
async function desktopWindow(username: string, path: string): Promise<{ page: Page; frames: string[] }> {
  const context: BrowserContext = await site.browser.newContext({ viewport: { width: 1280, height: 860 } })
  await context.addInitScript(installDesktopFake)
  const page = await context.newPage()
  await page.goto(`${site.server.url}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill('handover-demo')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL(`${site.server.url}/`)
  const frames: string[] = []
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void frames.push(String(payload))))
  await page.goto(`${site.server.url}${path}`)
  await expect.poll(() => frames.some((f) => f.includes('"type":"authenticated"')), { timeout: 15_000 }).toBe(true)
  return { page, frames }
}

/** POST from the page itself, with its session. */
const postFromPage = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) =>
      (await (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
        id: number
      },
    { path, body },
  )

const unreadTotal = (page: Page) =>
  page.evaluate(async () => {
    const count = async (path: string) => ((await (await fetch(path)).json()) as { count: number }).count
    return (await count('/api/notifications/unread-count')) + (await count('/api/conversations/unread-count'))
  })
const lastBadge = async (page: Page) => ((await calls(page, 'setBadge')).at(-1) as { count: number } | undefined)?.count

describe('the renderer in the desktop app (simulated bridge)', () => {
  it('alerts for a message only while unfocused, badges the unread total, and opens deep links', async () => {
    const { page: buyer, frames } = await desktopWindow('bob', '/')
    const seller = await apiSignedInAs(site, 'alice')
    const listings = await buyer.evaluate(
      async () => (await (await fetch('/api/accounts?pageSize=100')).json()) as { id: number; seller: { username: string } }[],
    )
    const listing = listings.find((l) => l.seller.username === 'alice')!
    const conversation = await postFromPage(buyer, '/api/conversations', { listingId: listing.id })
    await expect.poll(() => lastBadge(buyer)).toBe(await unreadTotal(buyer))

    // (a) the window is away: the seller's message becomes an OS notification, and the badge counts it
    await setFocused(buyer, false)
    const badgeBefore = await lastBadge(buyer)
    const question = 'Hi Bob, the channel is ready to hand over whenever you are. '.repeat(4)
    expect((await seller.post(`/api/conversations/${conversation.id}/messages`, { content: question })).status).toBe(201)
    await expect.poll(() => calls(buyer, 'notify'), { timeout: 10_000 }).toHaveLength(1)
    const [alert] = (await calls(buyer, 'notify')) as { title: string; body: string; route: string }[]
    expect(alert).toEqual({ title: 'alice', body: expect.stringMatching(/^Hi Bob, the channel is ready/), route: `/chat/${conversation.id}` })
    expect(alert!.body.length).toBeLessThanOrEqual(140)
    await expect.poll(() => lastBadge(buyer), { timeout: 10_000 }).toBe(await unreadTotal(buyer))
    expect(await lastBadge(buyer)).toBeGreaterThan(badgeBefore!)

    // (b) focused again, past the alert throttle: the message arrives, no notification
    await new Promise((done) => setTimeout(done, 2_100))
    await setFocused(buyer, true)
    expect((await seller.post(`/api/conversations/${conversation.id}/messages`, { content: 'Sent while you look' })).status).toBe(201)
    await expect.poll(() => frames.some((f) => f.includes('Sent while you look')), { timeout: 10_000 }).toBe(true)
    await buyer.waitForTimeout(500)
    expect(await calls(buyer, 'notify')).toHaveLength(1)
    // …and away again, it alerts once more: the quiet above was the focus, not a broken layer
    await setFocused(buyer, false)
    await seller.post(`/api/conversations/${conversation.id}/messages`, { content: 'One more thing' })
    await expect
      .poll(async () => ((await calls(buyer, 'notify')) as { body: string }[]).map((c) => c.body).slice(1), { timeout: 10_000 })
      .toEqual(['One more thing'])

    // (c) deep links open their routes in this window
    await openDeepLink(buyer, `/listing/${listing.id}`)
    await buyer.waitForURL(`${site.server.url}/listing/${listing.id}`)
    await buyer.getByRole('button', { name: 'Message Seller' }).waitFor()
    const deal = await postFromPage(buyer, '/api/transactions', { listingId: listing.id })
    await openDeepLink(buyer, `/transaction/${deal.id}`)
    await buyer.waitForURL(`${site.server.url}/transaction/${deal.id}`)
    await buyer
      .getByText(`ACC-${String(deal.id).padStart(3, '0')}`)
      .first()
      .waitFor()
    await expectValidCalls(buyer)
    await buyer.context().close()
  })

  it('pays a deposit in the system browser and finishes it from the handover:// return', async () => {
    const { page: buyer } = await desktopWindow('carol', '/balance')
    await buyer.getByRole('button', { name: 'Deposit' }).click()
    const dialog = buyer.getByRole('dialog')
    await dialog.getByLabel('Amount (USD)').fill('20')
    await dialog.getByRole('button', { name: /^Continue to pay/ }).click()
    await dialog.getByText('Continue in your browser').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/desktop-deposit-browser-1280.png` })
    const [opened] = (await calls(buyer, 'openExternal')) as { url: string }[]
    expect(new URL(opened!.url).pathname).toMatch(/^\/sandbox\/checkout\/deposit_\d+_\d+$/)
    expect(buyer.url()).toBe(`${site.server.url}/balance`)

    // the system browser: no Handover session, and the provider's redirect goes to the app's scheme
    const browser = await (await site.browser.newContext()).newPage()
    const refused: string[] = []
    browser.on('console', (message) => message.text().includes('form-action') && refused.push(message.text()))
    await browser.goto(opened!.url)
    const posted = browser.waitForResponse((r) => r.url().startsWith(opened!.url.split('?')[0]!) && r.request().method() === 'POST')
    await browser.getByRole('button', { name: /^Pay \$/ }).click()
    const response = await posted
    expect(response.status()).toBe(303)
    const location = response.headers().location!
    expect(location).toMatch(/^handover:\/\/payment\/return\?/)
    expect(new URL(location).searchParams.get('status')).toBe('paid')
    expect(refused).toEqual([])
    await browser.context().close()

    // the shell turns the link into the return route; the window verifies and reports the deposit
    const route = parseDeepLink(location)
    expect(route).toMatch(/^\/payment\/trustap\/return\?/)
    await openDeepLink(buyer, route!)
    // back on the balance it was paid from, saying how much arrived
    await buyer.getByTestId('deposit-return').getByText('Deposit of $20.00 added to your balance.').waitFor({ timeout: 15_000 })
    expect(buyer.url()).toBe(`${site.server.url}/balance`)
    await expectValidCalls(buyer)
    await buyer.context().close()
  })
})
