import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ApiClient } from '../support/http-client'
import { SHOTS, useDemoSite } from '../support/e2e'

const site = useDemoSite()

async function newPage(): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

/** The number of accounts the server says match a query: what the grid must report. */
async function serverTotal(query: string): Promise<number> {
  const response = await new ApiClient(site.server.url).get(`/api/accounts?${query}`)
  return Number(response.headers.get('x-total-count'))
}

describe('browsing the catalogue in Chromium', () => {
  it('filters, pages, keeps the state across a reload and opens a listing', async () => {
    const page = await newPage()
    await page.goto(`${site.server.url}/`)
    const grid = page.locator('#filterable-listings')
    await grid.scrollIntoViewIfNeeded()

    await page.getByRole('combobox', { name: 'Platform' }).selectOption('youtube')
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low')
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-low')
    await page.getByRole('button', { name: /Advanced Filters/ }).click()
    await page.getByLabel('Price minimum').fill('50')
    await page.getByRole('button', { name: 'Apply Filters & Close' }).click()

    const total = await serverTotal('platform=youtube&sort=price-low&minPrice=50')
    expect(total).toBeGreaterThan(28)
    await page.getByText(`Showing 1-28 of ${total} accounts`).waitFor()

    await page.getByRole('button', { name: 'Page 2' }).click()
    await page.getByText(`Showing 29-${Math.min(56, total)} of ${total} accounts`).waitFor()
    // the count follows the URL at once; the cards follow when the second page has arrived
    await grid.locator('[aria-busy="false"]').waitFor()
    const url = new URL(page.url())
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.get('sort')).toBe('price-low')
    expect(url.searchParams.get('minPrice')).toBe('50')

    // the server's second page, in order, is what the grid shows
    const expected = (await new ApiClient(site.server.url).get('/api/accounts?platform=youtube&sort=price-low&minPrice=50&page=2'))
      .json as unknown as { accountTitle: string }[]
    const titles = await grid.locator('a[href^="/listing/"] h3').allTextContents()
    expect(titles).toEqual(expected.map((l) => l.accountTitle))

    await page.reload()
    await page.getByText(`Showing 29-${Math.min(56, total)} of ${total} accounts`).waitFor()
    await grid.locator('[aria-busy="false"]').waitFor()
    expect(await page.getByRole('combobox', { name: 'Platform' }).inputValue()).toBe('youtube')
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-low')
    await page.screenshot({ path: `${SHOTS}/catalogue-page-2.png` })

    const first = grid.locator('a[href^="/listing/"]').first()
    const href = await first.getAttribute('href')
    await first.click()
    await page.waitForURL(`${site.server.url}${href}`)
    await page.getByRole('heading', { level: 1, name: expected[0]!.accountTitle }).waitFor()
    await expect(page.getByText('Subscribers').first().isVisible()).resolves.toBe(true)
  })
})
