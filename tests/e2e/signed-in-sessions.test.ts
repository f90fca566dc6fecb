import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { newPage, SHOTS, useDemoSite } from '../support/e2e'

const site = useDemoSite()
const url = (path: string) => `${site.server.url}${path}`
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** Signs bob in through the sign-in form of this page's browser, so the session carries that browser's user agent. */
async function signIn(page: Page): Promise<void> {
  await page.goto(url('/login'))
  const form = page.locator('form').filter({ has: page.getByLabel('Username') })
  await form.getByLabel('Username').fill('bob')
  await form.getByLabel('Password', { exact: true }).fill('handover-demo')
  await form.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL(url('/'))
}

/** Resolves once the page's live connection is authenticated, so no event is missed. */
function liveConnection(page: Page): Promise<void> {
  return new Promise<void>((done) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"authenticated"')) done()
      }),
    )
  })
}

const sessionsCard = (page: Page) => page.getByRole('region', { name: "Where you're signed in" })
const devices = (page: Page) => sessionsCard(page).getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')

describe("Settings: where you're signed in", () => {
  it('lists this browser and a phone, signs the phone out at once, and fits a phone and a laptop', async () => {
    const laptop = await newPage(site)
    await signIn(laptop)
    const phone = await (await site.browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: IPHONE })).newPage()
    await signIn(phone)
    const phoneLive = liveConnection(phone)
    await phone.goto(url('/messages'))
    await phoneLive

    await laptop.goto(url('/settings'))
    const card = sessionsCard(laptop)
    await card.scrollIntoViewIfNeeded()
    await expect.poll(() => devices(laptop).count()).toBeGreaterThanOrEqual(2)
    const here = devices(laptop).filter({ hasText: 'This device' })
    const iphone = devices(laptop).filter({ hasText: 'Safari on iPhone' })
    expect(await here.count()).toBe(1)
    expect(await iphone.count()).toBe(1)
    expect(await here.getByRole('button', { name: 'Sign out' }).count()).toBe(0)
    for (const text of ['Rough location', 'IP 127.0.0.1', 'Signed in', 'Last active']) await iphone.getByText(text).first().waitFor()
    // this browser first, whichever was used last
    expect(await devices(laptop).first().textContent()).toContain('This device')

    for (const width of [1280, 375]) {
      await laptop.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      await card.scrollIntoViewIfNeeded()
      expect(await laptop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await card.screenshot({ path: `${SHOTS}/settings-sessions-${width}.png` })
    }

    // asked first: Cancel leaves the phone signed in
    await iphone.getByRole('button', { name: 'Sign out' }).click()
    const dialog = laptop.getByRole('alertdialog', { name: 'Sign out Safari on iPhone?' })
    await dialog.waitFor()
    await laptop.screenshot({ path: `${SHOTS}/settings-sessions-confirm-375.png` })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await phone.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200)

    await iphone.getByRole('button', { name: 'Sign out' }).click()
    await dialog.getByRole('button', { name: 'Sign out' }).click()
    await laptop.getByText('Safari on iPhone is signed out.').first().waitFor()
    await expect.poll(() => iphone.count()).toBe(0)
    // the phone shows the sign-in page without a reload: its page needed a signed-in user
    await phone.waitForURL(url('/login?redirect=%2Fmessages&reason=messages'), { timeout: 10_000 })
    expect(await phone.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401)
    expect(await laptop.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200)

    await laptop.setViewportSize({ width: 1280, height: 900 })
    await card.scrollIntoViewIfNeeded()
    await card.screenshot({ path: `${SHOTS}/settings-sessions-after-1280.png` })
    await laptop.context().close()
    await phone.context().close()
  })
})
