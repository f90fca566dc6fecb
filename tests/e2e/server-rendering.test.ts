import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { HYDRATION_MISMATCH_LOG, SERVER_DATA_ID } from '../../src/shared/server-data'
import { ApiClient } from '../support/http-client'
import { newPage, onThrown, pageSettled, SHOTS, useDemoSite } from '../support/e2e'

/**
 * Public pages arrive with their content rendered on the server; the browser takes that markup over (hydrates it)
 * instead of drawing the page again, with no warning and no second request for the page's data.
 */

const site = useDemoSite()

/** What React or the app said about taking the page over, and every API read the page made while loading. */
interface Watch {
  problems: string[]
  reads: string[]
}

function watch(page: Page): Watch {
  const seen: Watch = { problems: [], reads: [] }
  page.on('console', (message) => {
    const text = message.text()
    if (text.startsWith(HYDRATION_MISMATCH_LOG) || /hydrat|Minified React error #4(18|19|21|22|23|25)/i.test(text)) seen.problems.push(text)
  })
  onThrown(page, (message) => seen.problems.push(message))
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) seen.reads.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return seen
}

/**
 * Opens `path`, keeping the element `selector` names as the server sent it, and answers whether the app kept that
 * very element once it had taken the page over (a page drawn again would have replaced it).
 */
async function openAndKeep(page: Page, path: string, selector: string): Promise<boolean> {
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { serverElement: Element | null }).serverElement = document.querySelector(selector)
    })
  }, selector)
  await page.goto(`${site.server.url}${path}`)
  await pageSettled(page)
  return page.evaluate((selector) => {
    const kept = (window as unknown as { serverElement: Element | null }).serverElement
    return kept !== null && kept === document.querySelector(selector) && kept.isConnected
  }, selector)
}

describe('public pages rendered on the server', () => {
  it('are taken over as they are, at phone and desktop widths: no hydration warning, no second read of their data', async () => {
    const api = new ApiClient(site.server.url)
    const [listing] = (await api.get('/api/accounts?pageSize=1')).json as unknown as { id: number }[]
    const [post] = (await api.get('/api/blog')).json as unknown as { id: number }[]
    const pages: [string, string][] = [
      ['/', 'h1'],
      ['/?platform=youtube&sort=price-low', '#filterable-listings li'],
      [`/listing/${listing!.id}`, 'h1'],
      ['/buy-youtube-accounts', 'h1'],
      [`/blog/${post!.id}`, 'h1'],
      ['/blogs', 'h1'],
      ['/top-sellers', 'h1'],
      ['/faq', 'h1'],
      ['/how-it-works', 'h1'],
      ['/terms', 'h1'],
    ]
    for (const width of [375, 1280]) {
      for (const [path, selector] of pages) {
        const page = await newPage(site, { width, height: 800 })
        const seen = watch(page)
        expect(await openAndKeep(page, path, selector), `${path} at ${width}: the server's ${selector} kept`).toBe(true)
        expect(seen.problems, `${path} at ${width}`).toEqual([])
        // who is signed in is the browser's own question; the page's data came with it
        expect(
          seen.reads.filter((read) => read !== 'GET /api/auth/me'),
          `${path} at ${width}`,
        ).toEqual([])
        if (path === `/listing/${listing!.id}` && width === 375) await page.screenshot({ path: `${SHOTS}/server-rendered-listing-375.png` })
        await page.context().close()
      }
    }
  })

  it('hears of a page that differs from what the server rendered: the browser draws it again and says so', async () => {
    const page = await newPage(site, { width: 375, height: 800 })
    const seen = watch(page)
    // the page's heading changed on its way, so the markup no longer matches what the app renders
    await page.route(`${site.server.url}/faq`, async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace(/(<h1[^>]*>)([^<]+)/, '$1Altered on the way')
      await route.fulfill({ response, body: html })
    })
    expect(await openAndKeep(page, '/faq', 'h1')).toBe(false)
    expect(seen.problems.some((problem) => problem.startsWith(HYDRATION_MISMATCH_LOG))).toBe(true)
    expect(await page.locator('h1').first().innerText()).not.toContain('Altered')
    await page.context().close()
  })

  it('leaves a signed-in visitor signed in on a public page, and a private screen to the browser', async () => {
    const page = await newPage(site, { width: 1280, height: 800 })
    await page.goto(`${site.server.url}/login`)
    await page.getByLabel('Username').fill('alice')
    await page.getByLabel('Password', { exact: true }).fill('handover-demo')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL(`${site.server.url}/`)
    const faq = await page.goto(`${site.server.url}/faq`)
    expect(await faq!.text()).toContain(SERVER_DATA_ID)
    await pageSettled(page)
    // the header is the signed-in one once the app has asked who this is
    await page.getByRole('link', { name: 'Create Listing' }).waitFor()
    expect(await page.locator('#root[aria-busy]').count()).toBe(0)
    const transactions = await page.goto(`${site.server.url}/transactions`)
    expect(await transactions!.text()).not.toContain(SERVER_DATA_ID)
    await pageSettled(page)
    await page.context().close()
  })
})
