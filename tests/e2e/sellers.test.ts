import { describe, expect, it } from 'vitest'
import { topSellersSchema } from '../../src/shared/api/listings'
import { ApiClient } from '../support/http-client'
import { SHOTS, useDemoSite } from '../support/e2e'

const site = useDemoSite()

describe('sellers in Chromium', () => {
  it('goes from the ranking to a seller, one of their listings, and back to the seller', async () => {
    const ranking = topSellersSchema.parse((await new ApiClient(site.server.url).get('/api/sellers/top?limit=1')).json)
    const leader = ranking[0]!
    const page = await (await site.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()

    await page.goto(`${site.server.url}/top-sellers`)
    const list = page.getByRole('list', { name: 'Top sellers' })
    await list
      .getByRole('link', { name: new RegExp(leader.username) })
      .first()
      .click()
    await page.waitForURL(`**/seller/${leader.id}`)
    await page.getByRole('heading', { level: 1, name: leader.username }).waitFor()
    expect(await page.title()).toBe(`${leader.username} – Seller Profile | Handover`)
    await page.screenshot({ path: `${SHOTS}/seller-profile.png` })

    const cards = page.getByRole('region', { name: /Accounts for sale/ }).getByRole('link')
    expect(await cards.count()).toBe(leader.activeListings)
    await cards.first().click()
    await page.waitForURL(/\/listing\/\d+$/)
    await page.getByRole('link', { name: 'View profile' }).click()
    await page.waitForURL(`**/seller/${leader.id}`)
    await page.getByRole('heading', { level: 1, name: leader.username }).waitFor()
  })

  it('lays the ranking out for a 320 px phone without sideways scrolling', async () => {
    const page = await (await site.browser.newContext({ viewport: { width: 320, height: 700 } })).newPage()
    await page.goto(`${site.server.url}/top-sellers`)
    await page.getByRole('list', { name: 'Top sellers' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    await page.screenshot({ path: `${SHOTS}/top-sellers-320.png`, fullPage: true })
  })

  it('shows "Seller not found" with a way home for an unknown seller', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.url}/profile/999999`)
    await page.getByRole('heading', { name: 'Seller not found' }).waitFor()
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(`${site.server.url}/`)
  })
})
