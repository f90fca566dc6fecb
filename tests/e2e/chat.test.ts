import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SHOTS, signedInAs as signIn, useDemoSite } from '../support/e2e'

const site = useDemoSite()

const signedInAs = (username: string, password: string, width = 1280) => signIn(site, username, password, { width, height: 860 })

/** Opens `path` and waits until the page's live connection is authenticated, so no event is missed. */
async function openLive(page: Page, path: string): Promise<void> {
  const authenticated = new Promise<void>((done) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"authenticated"')) done()
      }),
    )
  })
  await page.goto(`${site.server.url}${path}`)
  await authenticated
}

/** One of alice's demo listings, read through the public API. */
async function alicesListing(page: Page): Promise<{ id: number; accountTitle: string; sellerId: number }> {
  const listings = await page.evaluate(
    async () =>
      (await (await fetch('/api/accounts?pageSize=100')).json()) as {
        id: number
        accountTitle: string
        sellerId: number
        seller: { username: string }
      }[],
  )
  const listing = listings.find((l) => l.seller.username === 'alice')
  expect(listing).toBeDefined()
  return listing!
}

const thread = (page: Page) => page.getByTestId('chat-thread')
const messageRows = (page: Page, text: string) => thread(page).getByTestId('message').filter({ hasText: text })
const composer = (page: Page) => thread(page).getByLabel('Message', { exact: true })

describe('chat in Chromium, buyer and seller side by side', () => {
  it('delivers messages, unread badges, typing and read receipts live', async () => {
    const seller = await signedInAs('alice', 'handover-demo')
    const buyer = await signedInAs('bob', 'handover-demo')
    const listing = await alicesListing(buyer)

    // the seller is looking at her inbox (the demo's past deals are in it), and has the home page open in another tab
    await openLive(seller, '/messages')
    await seller.getByTestId('conversation-item').first().waitFor()
    const sellerHome = await seller.context().newPage()
    await openLive(sellerHome, '/')
    await sellerHome.getByTestId('floating-chat').waitFor()

    // the buyer asks about the listing
    await openLive(buyer, `/listing/${listing.id}`)
    await buyer.getByRole('button', { name: 'Message Seller' }).waitFor()
    await buyer.screenshot({ path: `${SHOTS}/chat-listing-message-seller-1280.png` })
    await buyer.getByRole('button', { name: 'Message Seller' }).click()
    await buyer.waitForURL(/\/messages\?conversation=\d+$/)
    const conversationId = Number(new URL(buyer.url()).searchParams.get('conversation'))
    const question = 'Hi Alice! Are the stats at https://example.com/stats?range=90d still current? <b>not bold</b>'
    await composer(buyer).fill(question)
    await composer(buyer).press('Enter')
    const sent = messageRows(buyer, 'Are the stats at')
    await sent.waitFor()
    await expect.poll(() => sent.getByTestId('ticks').getAttribute('data-state-kind')).toBe('sent')
    expect(await composer(buyer).inputValue()).toBe('')

    // text stays text; the address is the only link, and it leaves safely
    const link = sent.getByRole('link', { name: 'https://example.com/stats?range=90d' })
    expect(await link.getAttribute('href')).toBe('https://example.com/stats?range=90d')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(await sent.locator('b').count()).toBe(0)
    expect(await sent.innerText()).toContain('<b>not bold</b>')

    // the seller's inbox and the floating button get it without a reload
    const item = seller.getByTestId('conversation-item').filter({ hasText: 'bob' }).filter({ hasText: listing.accountTitle })
    await item.waitFor({ timeout: 10_000 })
    await expect.poll(() => item.getByTestId('unread-badge').textContent(), { timeout: 10_000 }).toContain('1')
    expect(await item.innerText()).toContain(listing.accountTitle)
    await expect.poll(() => sellerHome.getByTestId('chat-unread-badge').textContent(), { timeout: 10_000 }).toBe('1')
    await seller.screenshot({ path: `${SHOTS}/chat-inbox-unread-1280.png` })

    // the seller opens it: the buyer's tick turns to read
    await item.click()
    await messageRows(seller, 'Are the stats at').waitFor()
    await expect.poll(() => sent.getByTestId('ticks').getAttribute('data-state-kind'), { timeout: 10_000 }).toBe('read')
    expect(await sent.getByTestId('ticks').getAttribute('aria-label')).toBe('Read by Seller')
    await expect.poll(() => item.getByTestId('unread-badge').count()).toBe(0)
    await expect.poll(() => sellerHome.getByTestId('chat-unread-badge').count(), { timeout: 10_000 }).toBe(0)

    // the seller types: the buyer sees it; the reply arrives live and the indicator goes
    await composer(seller).pressSequentially('Yes, upd')
    await expect.poll(() => buyer.getByTestId('typing-indicator').textContent(), { timeout: 10_000 }).toBe('alice is typing…')
    await buyer.screenshot({ path: `${SHOTS}/chat-typing-1280.png` })
    await composer(seller).pressSequentially('ated this morning.')
    await composer(seller).press('Shift+Enter')
    await composer(seller).pressSequentially('Happy to share screenshots.')
    await composer(seller).press('Enter')
    const reply = messageRows(buyer, 'updated this morning.')
    await reply.waitFor({ timeout: 10_000 })
    expect(await reply.innerText()).toContain('Happy to share screenshots.')
    await expect.poll(() => buyer.getByTestId('typing-indicator').textContent()).toBe('')
    // exactly one copy on each side: the echo replaced the optimistic message
    expect(await messageRows(seller, 'updated this morning.').count()).toBe(1)
    expect(await messageRows(buyer, 'Are the stats at').count()).toBe(1)
    await buyer.screenshot({ path: `${SHOTS}/chat-thread-buyer-1280.png` })
    await seller.screenshot({ path: `${SHOTS}/chat-thread-seller-1280.png` })

    // on a phone the list and the thread take turns
    await seller.setViewportSize({ width: 375, height: 760 })
    await seller.goto(`${site.server.url}/messages`)
    await seller.getByTestId('conversation-item').first().waitFor()
    await seller.screenshot({ path: `${SHOTS}/chat-inbox-375.png` })
    await seller.getByTestId('conversation-item').first().click()
    await messageRows(seller, 'updated this morning.').waitFor()
    expect(await seller.getByRole('heading', { name: 'Messages' }).isVisible()).toBe(false)
    await seller.screenshot({ path: `${SHOTS}/chat-thread-375.png` })
    await seller.getByRole('link', { name: 'Back to conversations' }).click()
    await seller.getByTestId('conversation-item').first().waitFor()

    // /chat/{id} shows the same thread on its own page; an admin writes in it as Handover Support
    await buyer.goto(`${site.server.url}/chat/${conversationId}`)
    await messageRows(buyer, 'updated this morning.').waitFor()
    const admin = await signedInAs('admin', 'handover-admin')
    await openLive(admin, `/admin/chat/${conversationId}`)
    await thread(admin).getByText('Support view').waitFor()
    await composer(admin).fill('Handover here: escrow holds the payment until the account is yours.')
    await composer(admin).press('Enter')
    const support = messageRows(buyer, 'escrow holds the payment')
    await support.waitFor({ timeout: 10_000 })
    expect(await support.getAttribute('data-admin')).toBe('true')
    expect(await support.innerText()).toContain('Handover Support')
    await admin.screenshot({ path: `${SHOTS}/chat-admin-1280.png` })

    // not for anyone else
    await buyer.goto(`${site.server.url}/admin/chat/${conversationId}`)
    await buyer.getByText('Not allowed').waitFor()
  })

  it('starts a conversation from /messages?user= and keeps the query through /chat', async () => {
    const buyer = await signedInAs('carol', 'handover-demo', 375)
    const { sellerId } = await alicesListing(buyer)
    await buyer.goto(`${site.server.url}/chat?user=${sellerId}`)
    await buyer.waitForURL(/\/messages\?conversation=\d+$/)
    await thread(buyer).getByRole('heading', { name: 'alice' }).waitFor()
    await composer(buyer).fill('Hello from a phone')
    await composer(buyer).press('Enter')
    await expect.poll(() => messageRows(buyer, 'Hello from a phone').getByTestId('ticks').getAttribute('data-state-kind')).toBe('sent')
    await buyer.screenshot({ path: `${SHOTS}/chat-started-375.png` })

    // signed out, the chat screens send visitors to sign in
    const visitor = await site.browser.newPage()
    await visitor.goto(`${site.server.url}/messages`)
    await visitor.waitForURL(`${site.server.url}/login?redirect=%2Fmessages&reason=messages`)
  })
})
