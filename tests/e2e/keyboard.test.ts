import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SHOTS, apiSignedInAs, pageSettled, useDemoSite } from '../support/e2e'
import { expectFocusTrappedInDialog, expectVisibleFocus, focusOf, tabTo } from '../support/keyboard'

const site = useDemoSite()

/** The newest 6-digit code mailed to `email`, read from the outbox as the admin (no SMTP in this suite). */
async function codeFor(email: string): Promise<string> {
  const admin = await apiSignedInAs(site, 'admin')
  for (let attempt = 0; attempt < 50; attempt++) {
    const { messages } = (await admin.get('/api/email/outbox')).json as unknown as { messages: { to: string; subject: string }[] }
    const code = messages.find((m) => m.to === email && /\b\d{6}\b/.test(m.subject))?.subject.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`no code mailed to ${email}`)
}

/**
 * A closed native select changes with the arrow keys: ArrowDown until its value is `value`. The catalogue's selects
 * follow the URL's `param` (the page re-renders them from it a moment after each change), so each press waits for
 * the URL to move and the select to show what the URL says before the next one.
 */
async function arrowSelect(page: Page, param: string, value: string): Promise<void> {
  const inUrl = () => new URL(page.url()).searchParams.get(param)
  for (let i = 0; i < 12 && inUrl() !== value; i++) {
    const before = inUrl()
    await page.keyboard.press('ArrowDown')
    await page.waitForURL((u) => u.searchParams.get(param) !== before)
    await expect.poll(async () => (await focusOf(page)).value).toBe(inUrl() ?? '')
  }
  expect(inUrl()).toBe(value)
  expect((await focusOf(page)).value).toBe(value)
}

/** Opens a menu or dialog with Enter and checks Escape closes it and gives the focus back to its trigger. */
async function expectEscapeReturnsFocus(page: Page, trigger: string, popup: 'menu' | 'dialog'): Promise<void> {
  await page.keyboard.press('Enter')
  await page.getByRole(popup).waitFor()
  const inside = await focusOf(page)
  expect(popup === 'menu' ? inside.inMenu : inside.inDialog, `the focus stayed outside the ${popup}`).toBe(true)
  await expectVisibleFocus(page)
  if (popup === 'dialog') await expectFocusTrappedInDialog(page)
  await page.keyboard.press('Escape')
  await page.getByRole(popup).waitFor({ state: 'detached' })
  // radix gives the focus back in a task after the popup has gone
  await expect.poll(async () => (await focusOf(page)).name).toBe(trigger)
  await expectVisibleFocus(page)
}

describe('keyboard only: sign up, browse, buy and chat', () => {
  it('takes a new visitor from the home page to a paid deal and a message to the seller without a mouse', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const url = (path: string) => `${site.server.url}${path}`
    // the one navigation not made with the keyboard
    await page.goto(url('/'))
    await pageSettled(page)

    // the first Tab shows the skip link; following it puts the next Tab inside the page's content
    await page.keyboard.press('Tab')
    expect((await expectVisibleFocus(page)).name).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.keyboard.press('Tab')
    const inContent = await expectVisibleFocus(page)
    expect(
      inContent.inMain,
      `the Tab after the skip link went to <${inContent.tag}> "${inContent.name.slice(0, 60)}" ${inContent.href ?? ''}, outside the content`,
    ).toBe(true)

    // sign up from the header
    await tabTo(page, (f) => f.href === '/signup', { back: true })
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/signup'))
    const email = 'keys@example.com'
    await tabTo(page, /^Username/)
    await page.keyboard.type('keyboarder')
    await tabTo(page, /^Email/)
    await page.keyboard.type(email)
    await tabTo(page, /^Password/)
    await page.keyboard.type('keyboard-only-1')
    await tabTo(page, /^Confirm Password/)
    await page.keyboard.type('keyboard-only-1')
    await page.keyboard.press('Enter')
    await page.getByText('Check Your Email', { exact: true }).waitFor()
    // the code field takes the focus from the form it replaced
    expect((await expectVisibleFocus(page)).name).toMatch(/^Verification Code/)
    await page.keyboard.type(await codeFor(email))
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/'))

    // the account menu: Escape closes it and returns the focus; arrows reach Balance
    await tabTo(page, /^Account menu$/)
    await expectEscapeReturnsFocus(page, 'Account menu', 'menu')
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    // the menu moves the focus to its first item once it has opened; arrows pressed before that go to the page
    await expect.poll(async () => (await focusOf(page)).inMenu, { timeout: 10_000 }).toBe(true)
    // each press is judged once the focus has moved (the menu re-renders when the new balance comes in live)
    const walked = [(await focusOf(page)).name]
    for (let i = 0; i < 12 && !/^Balance/.test(walked.at(-1)!); i++) {
      const from = walked.at(-1)
      await page.keyboard.press('ArrowDown')
      await expect
        .poll(async () => (await focusOf(page)).name, { timeout: 2_000 })
        .not.toBe(from)
        .catch(() => undefined)
      walked.push((await expectVisibleFocus(page)).name)
    }
    expect(walked.at(-1), `the arrows went through: ${walked.join(' → ')}`).toMatch(/^Balance/)
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/balance'))

    // a deposit at the sandbox provider: the dialog traps the focus, Escape gives it back to Deposit
    await tabTo(page, /^Deposit$/)
    await expectEscapeReturnsFocus(page, 'Deposit', 'dialog')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await tabTo(page, /^Amount/)
    await page.keyboard.type('150')
    await tabTo(page, /^Continue to pay/)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 })
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor()
    const pay = await tabTo(page, /^Pay \$/)
    expect(pay.tag).toBe('button')
    await page.keyboard.press('Enter')
    // a deposit comes back to the balance, which says so
    await page.getByTestId('deposit-return').and(page.locator('[data-outcome="paid"]')).waitFor({ timeout: 20_000 })
    expect(page.url()).toBe(url('/balance'))

    // browse: the header's Browse takes the focus to the catalogue, where a filter and the sort are picked
    await tabTo(page, /^Browse$/, { back: true })
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === '/')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('filterable-listings')
    // the grid loads once its section is in view
    await page.locator('#filterable-listings [aria-busy="false"]').waitFor()
    await tabTo(page, /^Platform$/)
    await arrowSelect(page, 'platform', 'instagram')
    await tabTo(page, /^Sort by$/)
    await arrowSelect(page, 'sort', 'price-low')
    await page.locator('#filterable-listings [aria-busy="false"]').waitFor()
    const card = await tabTo(page, (f) => f.href?.startsWith('/listing/') ?? false)
    await page.screenshot({ path: `${SHOTS}/keyboard-catalogue-1280.png` })
    await page.keyboard.press('Enter')
    await page.waitForURL(url(card.href!))

    // Buy Now: the dialog traps the focus and Escape returns it; then the balance pays
    await tabTo(page, /^Buy Now$/)
    await expectEscapeReturnsFocus(page, 'Buy Now', 'dialog')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('quote-summary').waitFor()
    expect(await dialog.getByTestId('pay-option-balance').innerText()).toContain('covers it')
    await tabTo(page, /^Pay \$/)
    await page.screenshot({ path: `${SHOTS}/keyboard-purchase-dialog-1280.png` })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/chat\/\d+$/, { timeout: 15_000 })

    // and a message to the seller
    const thread = page.getByTestId('chat-thread')
    await thread.getByTestId('system-message').first().waitFor({ timeout: 10_000 })
    await tabTo(page, /^Message$/)
    await page.keyboard.type('Hello! I paid from my balance; please send the ownership invite.')
    await page.keyboard.press('Enter')
    await thread.getByTestId('message').filter({ hasText: 'please send the ownership invite' }).waitFor()
    await page.screenshot({ path: `${SHOTS}/keyboard-chat-1280.png` })
    await context.close()
  })
})
