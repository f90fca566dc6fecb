import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { SHOTS, signedInAs as signIn, useDemoSite } from '../support/e2e'
import { axeViolations, reportViolations } from '../support/axe'

const site = useDemoSite()

const PASSWORD = 'handover-demo'
const signedInAs = (username: string, width = 1280) =>
  signIn(site, username, username === 'admin' ? 'handover-admin' : PASSWORD, { width, height: 900 })
const url = (path: string) => `${site.server.url}${path}`

/** Opens `path` and waits until the page's live connection is authenticated, so no event is missed. */
async function openLive(page: Page, path: string): Promise<void> {
  const authenticated = new Promise<void>((done) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"authenticated"')) done()
      }),
    )
  })
  await page.goto(url(path))
  await authenticated
}

interface DemoListing {
  id: number
  accountTitle: string
  price: number
  seller: { username: string }
}

/** The cheapest active listings of a demo seller, through the public API. */
async function listingsOf(page: Page, seller: string): Promise<DemoListing[]> {
  const listings = await page.evaluate(async () => (await (await fetch('/api/accounts?pageSize=100&sort=price-low')).json()) as DemoListing[])
  const own = listings.filter((l) => l.seller.username === seller).sort((a, b) => a.price - b.price)
  expect(own.length).toBeGreaterThan(1)
  return own
}

const statusOf = (page: Page) => page.getByTestId('transaction-status').first()
const stepButton = (page: Page, name: string | RegExp) => page.getByRole('group', { name: 'Your next steps' }).getByRole('button', { name })

/** Clicks a step, then the confirmation's own button, and waits for the dialog to go. */
async function takeStep(page: Page, button: string | RegExp, confirm: string | RegExp): Promise<void> {
  await stepButton(page, button).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.waitFor()
  await dialog.getByRole('button', { name: confirm }).click()
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
}

async function expectStatus(page: Page, label: string): Promise<void> {
  await expect.poll(() => statusOf(page).textContent(), { timeout: 10_000 }).toBe(label)
}

/** Pays the sandbox provider's hosted page and waits for the return screen. */
async function payAtSandbox(page: Page, outcome: RegExp = /^Pay \$/): Promise<void> {
  await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 })
  await page.getByRole('button', { name: outcome }).click()
  await page.waitForURL(/\/payment\/trustap\/return\?/, { timeout: 15_000 })
}

const figure = (page: Page, id: string): Locator => page.getByTestId(id)

describe('escrow in Chromium: buyer and seller side by side', () => {
  it('deposits, buys from the balance and walks the deal to completion, each side seeing the other live', async () => {
    const buyer = await signedInAs('alice')
    const seller = await signedInAs('bob')
    const [listing] = await listingsOf(buyer, 'bob')

    // the buyer tops up her balance at the sandbox provider, through the return screen
    await openLive(buyer, '/balance')
    await figure(buyer, 'balance-available').getByText('$15.00').waitFor()
    const amount = Math.ceil(listing!.price * 1.1)
    /** Deposit → the amount, in crypto → on to the sandbox's checkout */
    const startDeposit = async (screenshot?: string) => {
      await buyer.getByRole('button', { name: 'Deposit' }).click()
      const deposit = buyer.getByRole('dialog')
      await deposit.getByLabel('Amount (USD)').fill(String(amount))
      await deposit.getByLabel('Crypto').check()
      await expect.poll(() => deposit.getByTestId('deposit-preview').innerText()).toContain('Total charged')
      if (screenshot) await buyer.screenshot({ path: screenshot })
      await deposit.getByRole('button', { name: /^Continue to pay/ }).click()
    }
    const returned = buyer.getByTestId('deposit-return')

    // cancelled at the provider: the return screen's cancelled words, then back to the balance (not home), saying them
    await startDeposit()
    await payAtSandbox(buyer, /^Cancel and go back$/)
    await buyer.getByTestId('payment-return-message').getByText('Payment was cancelled. No charges have been made.').waitFor()
    await buyer.waitForURL(url('/balance'), { timeout: 10_000 })
    await returned.and(buyer.locator('[data-outcome="cancelled"]')).getByText('Payment was cancelled. No charges have been made.').waitFor()
    await figure(buyer, 'balance-available').getByText('$15.00').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/deposit-returned-cancelled-1280.png` })

    // paid: the provider says trustap_status=ok and code=paid; a deposit goes on to its balance (SPEC §2), which says
    // how much arrived and marks the new figure
    await startDeposit(`${SHOTS}/escrow-deposit-dialog-1280.png`)
    await payAtSandbox(buyer)
    await buyer.getByTestId('payment-return').and(buyer.locator('[data-state="success"]')).waitFor({ timeout: 10_000 })
    await buyer.screenshot({ path: `${SHOTS}/escrow-payment-return-1280.png` })
    await buyer.waitForURL(url('/balance'), { timeout: 10_000 })
    // verified and settled: the stored order is forgotten
    expect(await buyer.evaluate(() => localStorage.getItem('trustap_order_id'))).toBeNull()
    const funded = `$${(amount + 15).toLocaleString('en-US')}.00`
    await figure(buyer, 'balance-available').and(buyer.locator('[data-emphasised="true"]')).getByText(funded).waitFor({ timeout: 10_000 })
    await returned
      .and(buyer.locator('[data-outcome="paid"]'))
      .getByText(`Deposit of $${amount.toLocaleString('en-US')}.00 added to your balance.`)
      .waitFor()
    await buyer.screenshot({ path: `${SHOTS}/deposit-returned-1280.png` })
    // the emphasis is for a moment; the notice stays until dismissed
    await figure(buyer, 'balance-available').and(buyer.locator('[data-emphasised="false"]')).waitFor({ timeout: 10_000 })
    await returned.waitFor()
    await buyer.getByTestId('balance-history').getByText('Deposit', { exact: true }).first().waitFor()
    // the header's balance follows without a reload
    await buyer.getByRole('banner').getByText(funded).waitFor({ timeout: 10_000 })
    await buyer.screenshot({ path: `${SHOTS}/escrow-balance-1280.png`, fullPage: true })

    // the seller watches his deals; the buyer opens the listing
    await openLive(seller, '/transactions?status=active')
    await seller.getByText('No transactions match these filters').waitFor()
    await openLive(buyer, `/listing/${listing!.id}`)
    await buyer.getByRole('button', { name: 'Buy Now' }).click()
    const purchase = buyer.getByRole('dialog')
    await purchase.getByTestId('quote-summary').waitFor()
    expect(await purchase.getByTestId('pay-option-balance').innerText()).toContain('covers it')
    await buyer.screenshot({ path: `${SHOTS}/escrow-buy-dialog-1280.png` })
    await purchase.getByRole('button', { name: /^Pay \$/ }).click()

    // paid from the balance: straight to the deal's chat, where the deal writes its system lines
    await buyer.waitForURL(/\/chat\/\d+$/, { timeout: 15_000 })
    await buyer.getByTestId('system-message').filter({ hasText: 'started buying this account' }).waitFor({ timeout: 10_000 })
    await buyer.getByTestId('system-message').filter({ hasText: 'paid' }).first().waitFor({ timeout: 10_000 })
    await buyer.screenshot({ path: `${SHOTS}/escrow-chat-system-lines-1280.png` })
    // above the messages, the deal: where it stands and whose step comes next; the message box has the focus
    const dealPanel = buyer.getByTestId('deal-panel')
    await dealPanel.waitFor({ timeout: 10_000 })
    await expect.poll(() => dealPanel.getByTestId('transaction-status').textContent(), { timeout: 10_000 }).toBe('Paid into escrow')
    expect(await dealPanel.getByTestId('deal-panel-next').textContent()).toBe('Waiting for the seller to send the ownership invite')
    expect(await dealPanel.getByTestId('deal-panel-checklist').textContent()).toMatch(/^Handover checklist: 0 of \d+ confirmed$/)
    expect(await dealPanel.getByRole('link', { name: 'Open the deal page' }).getAttribute('href')).toMatch(/^\/transaction\/\d+$/)
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.id)).toMatch(/^composer-\d+$/)
    await buyer.screenshot({ path: `${SHOTS}/chat-deal-panel-1280.png` })
    // on a phone the next step stays in sight and the rest waits behind More
    await buyer.setViewportSize({ width: 375, height: 800 })
    expect(await dealPanel.getByTestId('deal-panel-next').isVisible()).toBe(true)
    expect(await dealPanel.getByTestId('deal-panel-checklist').isVisible()).toBe(false)
    await buyer.screenshot({ path: `${SHOTS}/chat-deal-panel-375.png` })
    await dealPanel.getByRole('button', { name: 'More' }).click()
    await dealPanel.getByTestId('deal-panel-checklist').waitFor()
    await buyer.setViewportSize({ width: 1280, height: 900 })

    // the seller's list shows the new deal without a reload
    const row = seller.getByTestId('transaction-row').first()
    await row.waitFor({ timeout: 10_000 })
    expect(await row.innerText()).toContain(listing!.accountTitle)
    expect(await row.innerText()).toContain('alice')
    await seller.screenshot({ path: `${SHOTS}/escrow-transactions-seller-1280.png` })
    const dealPath = await row.getAttribute('href')
    expect(dealPath).toMatch(/^\/transaction\/\d+$/)
    await row.click()
    await expectStatus(seller, 'Paid into escrow')

    await openLive(buyer, dealPath!)
    await expectStatus(buyer, 'Paid into escrow')
    // the buyer has nothing to do yet but may dispute; no seller steps leak to her
    expect(await stepButton(buyer, 'I sent the ownership invite').count()).toBe(0)
    await buyer.getByText('Handover checklist').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-deal-buyer-paid-1280.png`, fullPage: true })

    // checklist: the seller marks the first step done, the buyer confirms it, each seeing the other's tick
    const sellerStep = seller.getByTestId('checklist-step').first()
    const buyerStep = buyer.getByTestId('checklist-step').first()
    await sellerStep.getByRole('button', { name: /^Mark done/ }).click()
    await expect.poll(() => sellerStep.getAttribute('data-state')).toBe('waiting_buyer')
    await buyerStep.getByRole('button', { name: /^Confirm/ }).waitFor({ timeout: 10_000 })
    await buyerStep.getByRole('button', { name: /^Confirm/ }).click()
    await expect.poll(() => sellerStep.getAttribute('data-state'), { timeout: 10_000 }).toBe('confirmed')

    // each side takes its own steps; the other page follows live
    await takeStep(seller, 'I sent the ownership invite', 'Yes, invite sent')
    await expectStatus(buyer, 'Ownership invite sent')
    await takeStep(buyer, 'I have access to the account', 'Yes, I have access')
    await expectStatus(seller, 'Buyer has access')
    await takeStep(seller, 'Start the transfer countdown', 'Start countdown')
    await expectStatus(buyer, 'Transfer countdown')
    await buyer.getByTestId('countdown-timer').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-deal-buyer-countdown-1280.png`, fullPage: true })
    await seller.screenshot({ path: `${SHOTS}/escrow-deal-seller-countdown-1280.png`, fullPage: true })

    // on a phone
    await buyer.setViewportSize({ width: 375, height: 800 })
    await buyer.screenshot({ path: `${SHOTS}/escrow-deal-buyer-countdown-375.png`, fullPage: true })
    await takeStep(buyer, /^Release \$/, 'Release funds')
    await expectStatus(buyer, 'Completed')
    await expectStatus(seller, 'Completed')
    expect(await buyer.getByRole('group', { name: 'Your next steps' }).count()).toBe(0)
    await buyer.screenshot({ path: `${SHOTS}/escrow-deal-completed-375.png`, fullPage: true })
    await seller.screenshot({ path: `${SHOTS}/escrow-deal-completed-1280.png`, fullPage: true })
    // the narrowest phones and a tablet
    await buyer.setViewportSize({ width: 320, height: 700 })
    await buyer.screenshot({ path: `${SHOTS}/escrow-deal-completed-320.png` })
    await seller.setViewportSize({ width: 768, height: 1000 })
    await seller.screenshot({ path: `${SHOTS}/escrow-deal-completed-768.png` })

    // the seller's money arrived: the header and /balance say so
    await seller.goto(url('/balance'))
    await seller.getByTestId('balance-history').getByText('Sale proceeds').waitFor({ timeout: 10_000 })
    // and he withdraws part of it: held until an admin approves
    await seller.getByRole('button', { name: 'Withdraw' }).click()
    const withdraw = seller.getByRole('dialog')
    await withdraw.getByLabel('Amount (USD)').fill('20')
    await withdraw.getByLabel('Payout account email').fill('bob@payouts.example')
    await withdraw.getByRole('button', { name: 'Request withdrawal' }).click()
    await withdraw.waitFor({ state: 'detached', timeout: 10_000 })
    await seller.getByTestId('withdrawals').getByText('Awaiting approval').waitFor({ timeout: 10_000 })
    await figure(seller, 'balance-pending').getByText('$20.00').waitFor({ timeout: 10_000 })
    await seller.screenshot({ path: `${SHOTS}/escrow-balance-withdrawal-768.png`, fullPage: true })
    await buyer.goto(url('/transactions'))
    await buyer.getByTestId('transaction-row').first().waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-transactions-375.png`, fullPage: true })
    await buyer.goto(url('/balance'))
    await figure(buyer, 'balance-available').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-balance-375.png`, fullPage: true })
  }, 240_000)

  it('pays a purchase by card at the provider, lands in the deal’s chat, and an admin settles the buyer’s dispute', async () => {
    const buyer = await signedInAs('carol', 375)
    const seller = await signedInAs('bob')
    const [, listing] = await listingsOf(buyer, 'bob')

    await openLive(buyer, `/listing/${listing!.id}`)
    await buyer.getByRole('button', { name: 'Buy Now' }).click()
    const purchase = buyer.getByRole('dialog')
    await purchase.getByTestId('quote-summary').waitFor()
    // carol's $15 does not cover it: balance is offered with a deposit link, card is chosen
    expect(await purchase.getByTestId('pay-option-balance').innerText()).toContain('short')
    await purchase.getByLabel(/^Card/).check()
    // a refund gives back the price and escrow fee: the card's fee says before paying that it stays with the processor
    expect(await purchase.getByTestId('pay-option-card').innerText()).toMatch(/Processor fee \$[\d,.]+, not refundable/)
    await buyer.screenshot({ path: `${SHOTS}/escrow-buy-dialog-375.png` })
    await purchase.getByRole('button', { name: /^Continue to pay/ }).click()
    await buyer.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 })
    expect(await buyer.evaluate(() => localStorage.getItem('trustap_order_id'))).toMatch(/^trans_\d+$/)
    expect(await buyer.evaluate(() => localStorage.getItem('purchase_account_id'))).toBe(String(listing!.id))
    await buyer.getByRole('button', { name: /^Pay \$/ }).click()
    await buyer.waitForURL(/\/payment\/trustap\/return\?/, { timeout: 15_000 })
    // verified by the server; the payment_completed event takes the buyer to the deal's chat (SPEC §2, §4)
    await buyer.waitForURL(/\/chat\/\d+$|\/payment-success\?/, { timeout: 15_000 })
    await buyer.screenshot({ path: `${SHOTS}/escrow-card-after-return-1280.png` })

    await openLive(seller, '/transactions?role=seller&status=active')
    const row = seller.getByTestId('transaction-row').filter({ hasText: listing!.accountTitle })
    await row.waitFor({ timeout: 10_000 })
    await row.click()
    await expectStatus(seller, 'Paid into escrow')
    await seller.getByTestId('money-summary').getByText('Paid by card.', { exact: false }).waitFor()
    const dealPath = new URL(seller.url()).pathname
    await openLive(buyer, dealPath)

    // the buyer disputes; an admin settles it with a refund; both parties see it happen
    await stepButton(buyer, 'Open a dispute').click()
    const dispute = buyer.getByRole('alertdialog')
    await dispute.getByLabel('What went wrong?').fill('The seller stopped answering after the payment.')
    await buyer.screenshot({ path: `${SHOTS}/escrow-dispute-dialog-375.png` })
    await dispute.getByRole('button', { name: 'Open dispute' }).click()
    await dispute.waitFor({ state: 'detached', timeout: 10_000 })
    await expectStatus(seller, 'In dispute')
    await seller.getByTestId('deal-actions').getByText('The seller stopped answering after the payment.').waitFor()

    const admin = await signedInAs('admin')
    await openLive(admin, dealPath)
    await expectStatus(admin, 'In dispute')
    await admin.getByText('Decide the dispute', { exact: false }).waitFor()
    await stepButton(admin, 'Resolve: refund the buyer').click()
    const resolve = admin.getByRole('alertdialog')
    expect(await resolve.innerText()).toContain('goes back to the buyer’s card')
    await resolve.getByLabel('Note to both parties').fill('No handover happened: the buyer gets everything back.')
    await admin.screenshot({ path: `${SHOTS}/escrow-admin-resolve-1280.png` })
    await resolve.getByRole('button', { name: 'Refund buyer' }).click()
    await resolve.waitFor({ state: 'detached', timeout: 10_000 })
    await expectStatus(admin, 'Refunded')
    await expectStatus(seller, 'Refunded')
    await expectStatus(buyer, 'Refunded')
    // the buyer's deal page says what went back to the card, and what the processor kept
    const money = buyer.getByTestId('money-summary')
    await money.getByText('Refunded to the card').waitFor()
    await money.getByText('Kept by the payment processor').waitFor()
    expect(await money.innerText()).toMatch(/Refunded \$[\d,.]+ \(price and escrow fee\) back to your card\. The processor fee is not refundable\./)
    await money.scrollIntoViewIfNeeded()
    await buyer.screenshot({ path: `${SHOTS}/escrow-card-refunded-375.png` })

    // the payment page of the deal
    await buyer.goto(url(dealPath.replace('/transaction/', '/payment/')))
    await buyer.getByTestId('payment-status').getByRole('heading', { name: 'Refunded' }).waitFor()
  })

  it('shows the return screen’s cancelled, failed and manual branches', async () => {
    const buyer = await signedInAs('carol', 375)
    await buyer.goto(url('/payment/trustap/return?status=cancelled&order_id=trans_999'))
    const message = buyer.getByTestId('payment-return-message')
    await message.getByText('Payment was cancelled. No charges have been made.').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-return-cancelled-375.png` })
    await buyer.waitForURL(url('/'), { timeout: 5_000 })

    await buyer.goto(url('/trustap/return?status=failed&trustap_status=error&error=Card%20declined&tx_id=sb_1'))
    await message.getByText('Payment failed: Card declined').waitFor()
    await buyer.waitForURL(/\/payment-failed\?reason=failed&error=Card\+declined&tx_id=sb_1$/, { timeout: 5_000 })
    await buyer.getByTestId('payment-failed').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-payment-failed-375.png` })

    await buyer.goto(url('/?_trustap_return=1'))
    await message.getByText('Payment verification required. Please use manual processing if payment was completed.').waitFor()
    await buyer.getByRole('button', { name: 'Complete Payment Manually' }).click()
    await buyer.getByTestId('payment-return').and(buyer.locator('[data-state="failed"]')).waitFor()
    await buyer.screenshot({ path: `${SHOTS}/escrow-return-manual-375.png` })
  }, 90_000)

  it('tells a buyer who cancelled a purchase’s checkout, on the home page, that the account stays reserved for them and where to pay', async () => {
    const buyer = await signedInAs('carol', 375)
    const listing = (await listingsOf(buyer, 'bob')).at(-1)!
    await openLive(buyer, `/listing/${listing.id}`)
    await buyer.getByRole('button', { name: 'Buy Now' }).click()
    const purchase = buyer.getByRole('dialog')
    await purchase.getByTestId('quote-summary').waitFor()
    await purchase.getByLabel(/^Card/).check()
    await purchase.getByRole('button', { name: /^Continue to pay/ }).click()
    await payAtSandbox(buyer, /^Cancel and go back$/)

    // SPEC §4 as it stands: the cancelled words, then home after 2 s
    await buyer.getByTestId('payment-return-message').getByText('Payment was cancelled. No charges have been made.').waitFor()
    await buyer.waitForURL(url('/'), { timeout: 5_000 })
    const notice = buyer.getByTestId('reservation-held')
    await notice.waitFor({ timeout: 10_000 })
    const text = await notice.innerText()
    expect(text).toContain(`${listing.accountTitle} is still reserved for you`)
    expect(text).toMatch(
      /The account stays reserved for you until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M, and you can still pay for it from the deal page\./,
    )
    await buyer.screenshot({ path: `${SHOTS}/escrow-cancelled-purchase-home-375.png` })
    expect(reportViolations(await axeViolations(buyer, 'home with the cancelled purchase’s notice'))).toBe('no violations')

    await notice.getByRole('link', { name: /Pay from the deal page/ }).click()
    await buyer.waitForURL(/\/transaction\/\d+$/)
    await expectStatus(buyer, 'Awaiting payment')
    await buyer.getByTestId('reservation-timer').waitFor()
  }, 90_000)
})
