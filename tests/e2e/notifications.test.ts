import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SHOTS, signedInAs as signIn, useDemoSite } from '../support/e2e'

const site = useDemoSite()

const signedInAs = (username: string, password: string, width = 1280) => signIn(site, username, password, { width, height: 900 })

/** A listing of alice's waiting for review, written through the API as the form would. */
async function submitListing(seller: Page, handle: string, title: string): Promise<number> {
  const res = await seller.evaluate(
    async ({ handle, title }) => {
      const response = await fetch('/api/accounts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          platform: 'instagram',
          username: handle,
          displayName: 'Night Trails',
          niche: 'Travel',
          accountTitle: title,
          description: 'Night photography from mountain trails, with a loyal audience.',
          price: 900,
          followers: 21000,
        }),
      })
      return { status: response.status, body: (await response.json()) as { id: number } }
    },
    { handle, title },
  )
  expect(res.status).toBe(201)
  return res.body.id
}

async function approve(admin: Page, id: number) {
  const status = await admin.evaluate(async (listingId) => (await fetch(`/api/admin/listings/${listingId}/approve`, { method: 'POST' })).status, id)
  expect(status).toBe(200)
}

const unreadCount = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/notifications/unread-count')).json()) as { count: number }).count)
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })
const badge = (page: Page) => page.getByTestId('notification-badge')

describe('notifications in Chromium', () => {
  it('shows a new notification live in the bell, marks it read on click, and lists it on /notifications', async () => {
    const alice = await signedInAs('alice', 'handover-demo')
    const admin = await signedInAs('admin', 'handover-admin')
    const sounds: string[] = []
    alice.on('request', (request) => {
      if (request.url().includes('/sounds/')) sounds.push(new URL(request.url()).pathname)
    })
    // demo data may already hold some of alice's notifications: count from wherever she is
    const before = await unreadCount(alice)
    await bell(alice).waitFor()
    await expect.poll(() => bell(alice).getAttribute('aria-label')).toBe(before > 0 ? `Notifications, ${before} unread` : 'Notifications')

    // approved while alice looks at the home page: the badge goes up without a reload, with a chime
    const firstId = await submitListing(alice, 'night.trails', 'Night photography account, 21K followers')
    await approve(admin, firstId)
    await expect.poll(() => bell(alice).getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Notifications, ${before + 1} unread`)
    expect(await badge(alice).textContent()).toBe(String(before + 1))
    await expect.poll(() => sounds).toContain('/sounds/notification.mp3')
    // the sign-in toast sits over the bell; close it for the picture
    // (one at a time: a toast may time out and leave mid-click, and its button then never settles)
    const closeButtons = alice.getByRole('button', { name: 'Close notification' })
    for (let tries = 0; tries < 10 && (await closeButtons.count()) > 0; tries++)
      await closeButtons
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined)
    await closeButtons.first().waitFor({ state: 'detached' })
    await alice.getByText('Welcome back!').waitFor({ state: 'hidden' })
    await alice.locator('header').screenshot({ path: `${SHOTS}/notification-bell-badge-1280.png` })

    // opening the dropdown lists it; a second approval arrives while it is open
    await bell(alice).click()
    const menu = alice.getByRole('menu')
    const first = menu.getByRole('menuitem').filter({ hasText: 'Night photography account, 21K followers' })
    await first.waitFor()
    const secondId = await submitListing(alice, 'night.trails.two', 'Second night photography account')
    await approve(admin, secondId)
    const second = menu.getByRole('menuitem').filter({ hasText: 'Second night photography account' })
    await second.waitFor({ timeout: 10_000 })
    expect(await menu.getByRole('menuitem', { name: 'Mark all as read' }).isVisible()).toBe(true)
    await alice.screenshot({ path: `${SHOTS}/notification-dropdown-1280.png` })

    // choosing it marks it read and opens the listing; the badge drops by one
    await first.click()
    await alice.waitForURL(`${site.server.url}/listing/${firstId}`)
    await expect.poll(() => bell(alice).getAttribute('aria-label')).toBe(`Notifications, ${before + 1} unread`)
    const stored = await alice.evaluate(
      async () => (await (await fetch('/api/notifications?type=listing_approved')).json()) as { isRead: boolean; data: { accountId: number } }[],
    )
    expect(stored.find((n) => n.data.accountId === firstId)?.isRead).toBe(true)
    expect(stored.find((n) => n.data.accountId === secondId)?.isRead).toBe(false)

    // a read item is no longer a choice
    await bell(alice).click()
    await expect
      .poll(() => menu.getByRole('menuitem').filter({ hasText: 'Night photography account, 21K followers' }).getAttribute('aria-disabled'))
      .toBe('true')
    await alice.keyboard.press('Escape')

    // the notifications page, filtered by type
    await alice.goto(`${site.server.url}/notifications`)
    const list = alice.getByRole('list', { name: 'Notifications' })
    await list.getByText('Second night photography account', { exact: false }).waitFor()
    await alice.getByLabel('Type').selectOption('listing_approved')
    await alice.waitForURL(`${site.server.url}/notifications?type=listing_approved`)
    // only approvals are left, both of ours among them
    await expect.poll(() => list.getByRole('listitem').filter({ hasNotText: 'Listing approved' }).count()).toBe(0)
    await list.getByRole('listitem').filter({ hasText: 'Night photography account, 21K followers' }).waitFor()
    await list.getByRole('listitem').filter({ hasText: 'Second night photography account' }).waitFor()
    await alice.screenshot({ path: `${SHOTS}/notifications-page-1280.png`, fullPage: true })
    await alice.getByLabel('Type').selectOption('user_banned')
    await alice.getByText('No account banned notifications').waitFor()

    // Mark all as read on the page empties the header's badge too
    await alice.getByLabel('Type').selectOption('')
    await alice.getByRole('button', { name: 'Mark all as read' }).click()
    await expect.poll(() => bell(alice).getAttribute('aria-label')).toBe('Notifications')
    expect(await badge(alice).count()).toBe(0)
    // the badge empties as the button is pressed (optimistically); the server's count follows once the request is in
    await expect.poll(() => unreadCount(alice)).toBe(0)
  })

  it('fits the dropdown in 320 px and the page on a phone', async () => {
    const alice = await signedInAs('alice', 'handover-demo', 375)
    await bell(alice).click()
    const menu = alice.getByRole('menu')
    await menu.waitFor()
    expect((await menu.boundingBox())?.width).toBe(320)
    await alice.screenshot({ path: `${SHOTS}/notification-dropdown-375.png` })
    await alice.keyboard.press('Escape')
    await alice.goto(`${site.server.url}/notifications`)
    await alice.getByRole('list', { name: 'Notifications' }).waitFor()
    const overflow = await alice.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)
    await alice.screenshot({ path: `${SHOTS}/notifications-page-375.png`, fullPage: true })
  })

  it('sends a signed-out visitor from /notifications to sign in', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.url}/notifications`)
    await page.waitForURL(`${site.server.url}/login?redirect=%2Fnotifications&reason=notifications`)
    await page.close()
  })
})
