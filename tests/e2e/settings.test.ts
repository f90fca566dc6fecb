import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNT_MESSAGES } from '../../src/shared/api/account-settings'
import { SHOTS, signedInAs as signIn, useDemoSite } from '../support/e2e'

const site = useDemoSite()
const PICTURE = join(tmpdir(), `handover-e2e-avatar-${process.pid}.png`)
const NOT_A_PICTURE = join(tmpdir(), `handover-e2e-avatar-${process.pid}-text.png`)

beforeAll(async () => {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a3de8' } })
    .png()
    .toFile(PICTURE)
  // named .png, and the browser declares it so: only the server, reading the bytes, can tell
  writeFileSync(NOT_A_PICTURE, 'not a picture\n'.repeat(20))
})

afterAll(() => {
  rmSync(PICTURE, { force: true })
  rmSync(NOT_A_PICTURE, { force: true })
})

const url = (path: string) => `${site.server.url}${path}`
const signedInAs = (username: string, width = 1280) =>
  signIn(site, username, username === 'admin' ? 'handover-admin' : 'handover-demo', { width, height: 900 })

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

/** Opens /settings with the live connection up. */
async function openSettings(page: Page): Promise<void> {
  const live = liveConnection(page)
  await page.goto(url('/settings'))
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
  await live
}

const accountMenu = (page: Page) => page.getByRole('banner')

describe('the settings screen in Chromium', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    const page = await site.browser.newPage()
    await page.goto(url('/settings'))
    await page.waitForURL(url('/login?redirect=%2Fsettings&reason=settings'))
    await page.close()
  })

  it('changes the password: another browser of the same user is signed out at once, this one stays', async () => {
    const here = await signedInAs('carol')
    const there = await signedInAs('carol')
    const thereLive = liveConnection(there)
    await there.goto(url('/messages'))
    await thereLive
    await openSettings(here)

    const form = here.getByRole('form', { name: 'Change password' })
    // a wrong current password is refused and changes nothing
    await form.getByLabel('Current password').fill('not my password')
    await form.getByLabel('New password', { exact: true }).fill('carol-new-secret')
    await form.getByLabel('Confirm new password').fill('carol-new-secret')
    await form.getByRole('button', { name: 'Change password' }).click()
    await form.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.wrongPassword }).waitFor()

    await form.getByLabel('Current password').fill('handover-demo')
    await form.getByRole('button', { name: 'Change password' }).click()
    await here.getByText('1 other device was signed out.', { exact: true }).waitFor()
    // the other browser shows the sign-in page without a reload: its page needed a signed-in user
    await there.waitForURL(url('/login?redirect=%2Fmessages&reason=messages'), { timeout: 10_000 })
    expect(await there.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401)

    // this browser is still signed in, after a reload too
    await here.reload()
    await here.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    expect(await here.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200)
    const fresh = await (await site.browser.newContext()).newPage()
    const login = await fresh.request.post(url('/api/auth/login'), {
      data: { username: 'carol', password: 'carol-new-secret' },
      headers: { origin: site.server.url },
    })
    expect(login.status()).toBe(200)
  })

  it('uploads a picture that the header shows, refuses a file that is not one, and removes it', async () => {
    const bob = await signedInAs('bob')
    await openSettings(bob)
    const header = accountMenu(bob)
    expect(await header.locator('img[src^="/media/avatars/"]').count()).toBe(0)

    await bob.getByTestId('avatar-file').setInputFiles(NOT_A_PICTURE)
    await bob.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.avatarUnreadable }).waitFor()

    await bob.getByTestId('avatar-file').setInputFiles(PICTURE)
    const shown = header.locator('img[src^="/media/avatars/"]')
    await shown.waitFor()
    const src = await shown.getAttribute('src')
    expect(src).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/)
    // it has really loaded: a 256 px square
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256)
    await bob.getByRole('main').locator(`img[src="${src}"]`).waitFor()
    await header.screenshot({ path: `${SHOTS}/settings-avatar-header-1280.png` })

    await bob.getByRole('button', { name: 'Remove' }).click()
    await shown.waitFor({ state: 'detached' })
    expect(await bob.evaluate(async () => ((await (await fetch('/api/auth/me')).json()) as { avatar: string | null }).avatar)).toBeNull()
  })

  it('keeps the sound layer quiet while the notification sound is off, and rings again once it is on', async () => {
    const alice = await signedInAs('alice')
    const admin = await signedInAs('admin')
    // what the page asked for: the sound files, and marks of what the test did in between, in order
    const heard: string[] = []
    alice.on('request', (request) => {
      if (request.url().includes('/sounds/')) heard.push(new URL(request.url()).pathname)
    })
    await openSettings(alice)
    const sound = alice.getByRole('switch', { name: 'Notification sound' })
    await expect.poll(() => sound.getAttribute('aria-checked')).toBe('true')
    const saved = alice.waitForResponse((res) => res.url().endsWith('/api/settings/preferences') && res.request().method() === 'PUT')
    await sound.click()
    expect((await saved).status()).toBe(200)
    await expect.poll(() => sound.getAttribute('aria-checked')).toBe('false')

    // a listing of alice's approved: the bell counts it, without a sound
    const bell = alice.getByRole('button', { name: /^Notifications/ })
    const before = await unreadCount(alice)
    await approve(admin, await submitListing(alice, 'quiet.trails'))
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Notifications, ${before + 1} unread`)
    heard.push('sound turned on')

    const savedOn = alice.waitForResponse((res) => res.url().endsWith('/api/settings/preferences') && res.request().method() === 'PUT')
    await sound.click()
    expect((await savedOn).status()).toBe(200)
    await approve(admin, await submitListing(alice, 'loud.trails'))
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Notifications, ${before + 2} unread`)
    await expect.poll(() => heard).toContain('/sounds/notification.mp3')
    // nothing rang before the switch went back on
    expect(heard[0]).toBe('sound turned on')
    // the choice is the account's: a new page of alice's reads it back
    expect(await alice.evaluate(async () => (await (await fetch('/api/settings/preferences')).json()) as unknown)).toEqual({
      messageSound: true,
      notificationSound: true,
      desktopNotifications: true,
    })
  })

  it('switches the theme from its Appearance section, and keeps it after a reload', async () => {
    const page = await signedInAs('bob')
    await openSettings(page)
    const appearance = page.getByRole('region', { name: 'Appearance' })
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    expect(await isDark()).toBe(false)
    await appearance.locator('label', { hasText: 'Dark' }).click() // the radio itself is visually hidden
    await expect.poll(isDark).toBe(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    expect(await isDark()).toBe(true)
    expect(await page.getByRole('region', { name: 'Appearance' }).getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true)
  })

  it('looks right at 1280 and 375 px wide', async () => {
    for (const width of [1280, 375]) {
      const page = await signedInAs('alice', width)
      await openSettings(page)
      await page.getByRole('switch', { name: 'Message sound' }).waitFor()
      await page.getByRole('button', { name: 'Send code to the new address' }).waitFor()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBe(0)
      await page.screenshot({ path: `${SHOTS}/settings-${width}.png`, fullPage: true })
    }
  })
})

const unreadCount = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/notifications/unread-count')).json()) as { count: number }).count)

/** A listing of the seller's waiting for review, written through the API as the form would. */
async function submitListing(seller: Page, handle: string): Promise<number> {
  const res = await seller.evaluate(async (username) => {
    const response = await fetch('/api/accounts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        platform: 'instagram',
        username,
        displayName: 'Trail notes',
        niche: 'Travel',
        accountTitle: `Trail photography account ${username}`,
        description: 'Photography from mountain trails, with a loyal audience.',
        price: 700,
        followers: 15000,
      }),
    })
    return { status: response.status, body: (await response.json()) as { id: number } }
  }, handle)
  expect(res.status).toBe(201)
  return res.body.id
}

async function approve(admin: Page, id: number) {
  const status = await admin.evaluate(async (listingId) => (await fetch(`/api/admin/listings/${listingId}/approve`, { method: 'POST' })).status, id)
  expect(status).toBe(200)
}
