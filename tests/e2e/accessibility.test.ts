import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, reportViolations, type Finding } from '../support/axe'
import { useDemoSite } from '../support/e2e'
import { NOT_BUILT_ROUTES } from '../../src/renderer/app/routes'
import { WEBSITE_ROUTES, demoIds, open, settle, signedIn, visitor, walk, type DemoIds } from '../support/a11y-walk'

// the signed-in walks are in accessibility-signed-in.test.ts, so the two end-to-end workers share the walking
const site = useDemoSite()
let ids: DemoIds

beforeAll(async () => {
  ids = await demoIds(site)
})

describe('every route of SPEC §2 for a visitor in Chromium: it loads, then axe and the layout at three widths', () => {
  // axe's contrast check takes a second or more on a long page: the walk gets minutes (a slow day's CI took six)
  it('renders each route without an error screen, lists the screens not built yet, and finds no serious or critical violation, nor anything wider than a phone', async () => {
    const { findings, layout, checked, broken, notBuilt } = await walk(site, await visitor(site), 'visitor', WEBSITE_ROUTES, ids)
    expect(broken).toEqual([])
    console.log(`Routes not built yet (${notBuilt.length}):\n  ${notBuilt.join('\n  ')}`)
    expect(notBuilt).toEqual(NOT_BUILT_ROUTES)
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
    // a screen is checked once: home once under its two addresses, the sign-in page once for each reason it gives
    // ("Sign in to see your balance"), distinct screens each
    expect(checked).toEqual(
      expect.arrayContaining(['/', '/login', '/faq', `/listing/${ids.listing}`, '/buy-youtube-accounts', '/buy-tiktok-accounts', '/admin-dashboard']),
    )
    expect(checked).not.toContain('/social-media-marketplace')
  }, 900_000)
})

describe('axe over the open states that matter', () => {
  it('finds none in the purchase and deposit dialogs, the bell, the account menu, a chat thread and the phone menu', async () => {
    const alice = await signedIn(site, 'alice')
    const findings: Finding[] = []
    const check = async (state: string) => findings.push(...(await axeViolations(alice, state)))

    await open(site, alice, `/listing/${ids.listing}`)
    await alice.getByRole('button', { name: 'Buy Now' }).click()
    await alice.getByRole('dialog').getByTestId('quote-summary').waitFor()
    await check('purchase dialog')
    await alice.keyboard.press('Escape')

    await open(site, alice, '/balance')
    await alice.getByRole('button', { name: 'Deposit' }).click()
    await alice.getByRole('dialog').getByLabel('Amount (USD)').waitFor()
    await check('deposit dialog')
    await alice.keyboard.press('Escape')

    await open(site, alice, '/')
    await alice.getByRole('button', { name: /^Notifications/ }).click()
    await alice.getByRole('menu').waitFor()
    await settle(alice)
    await check('notification dropdown')
    await alice.keyboard.press('Escape')

    await alice.getByRole('button', { name: 'Account menu' }).click()
    await alice.getByRole('menu').waitFor()
    await check('account menu')
    await alice.keyboard.press('Escape')

    await open(site, alice, `/chat/${ids.conversation}`)
    await alice.getByTestId('chat-thread').getByTestId('message').filter({ hasText: 'Handover support here' }).waitFor()
    await check('chat thread')

    await open(site, alice, `/messages?conversation=${ids.conversation}`)
    await alice.getByTestId('chat-thread').getByTestId('message').filter({ hasText: 'I will pay today' }).waitFor()
    await check('messages with a thread open')

    await alice.setViewportSize({ width: 375, height: 800 })
    await open(site, alice, '/')
    await alice.getByRole('button', { name: 'Open menu' }).click()
    await alice.getByRole('dialog').waitFor()
    await check('phone menu at 375 px')
    await alice.keyboard.press('Escape')

    await open(site, alice, `/chat/${ids.conversation}`)
    await alice.getByTestId('chat-thread').getByTestId('message').first().waitFor()
    await check('chat thread at 375 px')

    expect(findings.length, reportViolations(findings)).toBe(0)
    await alice.context().close()
  }, 240_000)
})
