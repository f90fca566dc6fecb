import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { topSellersSchema } from '../../src/shared/api/listings'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { launchChromium } from '../support/browser'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

const SHOTS = resolve(import.meta.dirname, '../../test-results/e2e')
let db: TestDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { SEED_DEMO: 'true' }, webRoot: resolve(import.meta.dirname, '../../dist/web') })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await db?.drop()
})

describe('sellers in Chromium', () => {
  it('goes from the ranking to a seller, one of their listings, and back to the seller', async () => {
    const ranking = topSellersSchema.parse((await new ApiClient(server.url).get('/api/sellers/top?limit=1')).json)
    const leader = ranking[0]!
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()

    await page.goto(`${server.url}/top-sellers`)
    const list = page.getByRole('list', { name: 'Top sellers' })
    await list.getByRole('link', { name: new RegExp(leader.username) }).first().click()
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
    const page = await (await browser.newContext({ viewport: { width: 320, height: 700 } })).newPage()
    await page.goto(`${server.url}/top-sellers`)
    await page.getByRole('list', { name: 'Top sellers' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    await page.screenshot({ path: `${SHOTS}/top-sellers-320.png`, fullPage: true })
  })

  it('shows "Seller not found" with a way home for an unknown seller', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/profile/999999`)
    await page.getByRole('heading', { name: 'Seller not found' }).waitFor()
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(`${server.url}/`)
  })
})
