import { describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { luminance } from '../../src/renderer/lib/contrast'
import { darkContrastViolations, reportViolations, type Finding } from '../support/axe'
import { ApiClient } from '../support/http-client'
import { SHOTS, apiSignedInAs, pageSettled, signedInAs, useDemoSite } from '../support/e2e'

const site = useDemoSite()
const url = (path: string) => `${site.server.url}${path}`

// no service worker: it would answer the requests firstPaint() refuses
async function newContext(colorScheme: 'light' | 'dark', width = 1280): Promise<BrowserContext> {
  return site.browser.newContext({ viewport: { width, height: 900 }, colorScheme, serviceWorkers: 'block' })
}

interface PageTheme {
  darkClass: boolean
  /** relative luminance of the page background, 0 (black) to 1 (white) */
  background: number
  colorScheme: string
}

async function pageTheme(page: Page): Promise<PageTheme> {
  const { darkClass, background, colorScheme } = await page.evaluate(() => {
    const style = getComputedStyle(document.body)
    return {
      darkClass: document.documentElement.classList.contains('dark'),
      background: style.backgroundColor,
      colorScheme: getComputedStyle(document.documentElement).colorScheme,
    }
  })
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number)
  const hex = `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`
  return { darkClass, background: luminance(hex), colorScheme }
}

const isDark = (theme: PageTheme) => theme.darkClass && theme.background < 0.02 && theme.colorScheme === 'dark'
const isLight = (theme: PageTheme) => !theme.darkClass && theme.background > 0.85 && theme.colorScheme === 'light'

/**
 * The page as it is first painted: everything the document's head applies before the app's code runs. The app's
 * entry script is refused, so whatever the page shows at DOMContentLoaded came from the head alone.
 */
async function firstPaint(page: Page, path: string): Promise<PageTheme> {
  const html = await (await fetch(url('/'))).text()
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1]
  expect(entry, 'the entry script in index.html').toBeTruthy()
  await page.route(url(entry!), (route) => route.abort())
  await page.goto(url(path), { waitUntil: 'domcontentloaded' })
  const theme = await pageTheme(page)
  await page.unroute(url(entry!))
  return theme
}

async function settledTheme(page: Page): Promise<PageTheme> {
  await page.locator('#root > *').first().waitFor()
  return pageTheme(page)
}

const footerTheme = (page: Page) => page.locator('footer').getByRole('group', { name: 'Theme' })

/** Picks an option the way a person does, by its visible label (the radio itself is visually hidden). */
async function choose(group: Locator, name: 'Light' | 'Dark' | 'System') {
  await group.locator('label').filter({ hasText: name }).click()
  await expect(group.getByRole('radio', { name }).isChecked()).resolves.toBe(true)
}

describe('dark mode', () => {
  it('is dark from the first paint when the system is dark, and a Light choice overrides it across reloads', async () => {
    const context = await newContext('dark')
    const page = await context.newPage()
    expect(isDark(await firstPaint(page, '/')), 'first paint with a dark system').toBe(true)

    await page.goto(url('/'))
    expect(isDark(await settledTheme(page))).toBe(true)
    await page.screenshot({ path: `${SHOTS}/home-dark.png` })
    await expect(footerTheme(page).getByRole('radio', { name: 'System' }).isChecked()).resolves.toBe(true)

    await choose(footerTheme(page), 'Light')
    expect(isLight(await pageTheme(page))).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('handover-theme'))).toBe('light')

    await page.reload()
    expect(isLight(await settledTheme(page))).toBe(true)
    await expect(footerTheme(page).getByRole('radio', { name: 'Light' }).isChecked()).resolves.toBe(true)
    // the saved choice is applied before the first paint too: no dark flash for someone who chose light
    expect(isLight(await firstPaint(page, '/login')), 'first paint after choosing Light').toBe(true)
    await context.close()
  })

  it('on System follows the system scheme as it changes, and every open tab follows a choice', async () => {
    const context = await newContext('light', 375)
    const page = await context.newPage()
    const other = await context.newPage()
    await page.goto(url('/'))
    await other.goto(url('/login'))
    expect(isLight(await settledTheme(page))).toBe(true)

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'))
    expect(isDark(await pageTheme(page))).toBe(true)
    await page.screenshot({ path: `${SHOTS}/home-dark-375.png` })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'))

    // the phone menu carries the choice on every page
    await page.getByRole('button', { name: 'Open menu' }).click()
    await choose(page.getByRole('dialog').getByRole('group', { name: 'Theme' }), 'Dark')
    expect(isDark(await pageTheme(page))).toBe(true)
    await other.waitForFunction(() => document.documentElement.classList.contains('dark'))
    expect(isDark(await settledTheme(other))).toBe(true)

    // an explicit choice no longer follows the system
    await page.emulateMedia({ colorScheme: 'light' })
    expect(isDark(await pageTheme(page))).toBe(true)
    await choose(page.getByRole('dialog').getByRole('group', { name: 'Theme' }), 'System')
    expect(isLight(await pageTheme(page))).toBe(true)
    await other.waitForFunction(() => !document.documentElement.classList.contains('dark'))
    await context.close()
  })

  it('is chosen from the account menu when signed in', async () => {
    const page = await signedInAs(site, 'alice', 'handover-demo')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByRole('button', { name: 'Account menu' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).resolves.toBe('true')
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click()
    expect(isDark(await pageTheme(page))).toBe(true)

    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menu').getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).resolves.toBe('true')
    await page.screenshot({ path: `${SHOTS}/account-menu-dark.png` })
    await page.context().close()
  })

  it('keeps text readable in the dark theme: axe finds no contrast failure on the main screens', async () => {
    const findings: Finding[] = []
    const contrast = async (page: Page, where: string) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      findings.push(...(await darkContrastViolations(page, where)))
    }
    const open = async (page: Page, path: string) => {
      await page.goto(url(path))
      await pageSettled(page)
    }

    const [listing] = (await new ApiClient(site.server.url).get('/api/accounts?pageSize=1')).json as unknown as { id: number }[]
    const visitor = await (await newContext('dark', 375)).newPage()
    for (const path of ['/', `/listing/${listing!.id}`, '/login', '/how-it-works']) {
      await open(visitor, path)
      await contrast(visitor, `${path} at 375 px`)
    }
    await visitor.context().close()

    // unread counts on the bell and the chat button: alice starts a purchase (a notification) and the seller writes to her
    const [aliceApi, bobApi] = [await apiSignedInAs(site, 'alice'), await apiSignedInAs(site, 'bob')]
    const ofBob = (
      (await bobApi.get('/api/accounts?pageSize=100&sort=price-low')).json as unknown as { id: number; seller: { username: string } }[]
    ).find((l) => l.seller.username === 'bob')
    const deal = await aliceApi.post('/api/transactions', { listingId: ofBob!.id })
    expect(deal.status, deal.text).toBe(201)
    const { id: dealId, conversationId } = deal.json as unknown as { id: number; conversationId: number }
    expect(
      (await bobApi.post(`/api/conversations/${conversationId}/messages`, { content: 'Hi Alice, the invite goes out once you pay.' })).status,
    ).toBe(201)

    // her other screens, and the admin's, get the same check in the signed-in accessibility walks
    const alice = await signedInAs(site, 'alice', 'handover-demo')
    for (const path of ['/', `/transaction/${dealId}`]) {
      await open(alice, path)
      if (path === '/') {
        await alice.locator('#filterable-listings').scrollIntoViewIfNeeded()
        await alice.locator('#filterable-listings a[href^="/listing/"]').first().waitFor()
        await alice.getByTestId('chat-unread-badge').waitFor()
        await alice.getByTestId('notification-badge').waitFor()
      }
      await contrast(alice, path)
    }
    await alice.context().close()

    expect(findings.length, reportViolations(findings)).toBe(0)
  })
})
