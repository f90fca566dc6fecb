import { mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { UPLOADED_IMAGE_PATTERN } from '../../src/shared/api/listings'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { launchChromium } from '../support/browser'
import { startTestServer } from '../support/server'
import { SHOTS, WEB_ROOT } from '../support/e2e'
import { ApiClient } from '../support/http-client'
import { enrolTotp, freshTotpCode } from '../support/two-factor'
import type { RunningServer } from '../../server/server'

const IMAGE = join(tmpdir(), `handover-e2e-banner-${process.pid}.png`)
let db: TestDatabase
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  await sharp({ create: { width: 960, height: 540, channels: 3, background: '#d62976' } })
    .png()
    .toFile(IMAGE)
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { SEED_DEMO: 'true' }, webRoot: WEB_ROOT })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await db?.drop()
  rmSync(IMAGE, { force: true })
})

/** The demo admin turns two-factor on (through the API, as Settings does) before the admin area opens to it. */
async function demoAdminSecret(): Promise<string> {
  const api = new ApiClient(server.url, { origin: server.url })
  expect((await api.post('/api/auth/login', { username: 'admin', password: 'handover-admin' })).status).toBe(200)
  return (await enrolTotp(api)).secret
}

async function signedInAs(username: string, password: string): Promise<Page> {
  const secret = username === 'admin' ? await demoAdminSecret() : undefined
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  if (secret) {
    await page.getByLabel('Authentication code').fill(await freshTotpCode(secret))
    await page.getByRole('button', { name: 'Verify and Sign In' }).click()
  }
  await page.waitForURL(`${server.url}/`)
  return page
}

const signedInAsAlice = () => signedInAs('alice', 'handover-demo')

async function fillListing(page: Page, title: string, handle = '@travel.frames') {
  await page.goto(`${server.url}/create-listing`)
  await page.getByRole('radio', { name: 'Instagram' }).click()
  await page.getByLabel('Handle').fill(handle)
  await page.getByLabel('Display name').fill('Travel Frames')
  await page.getByLabel('Niche').fill('Travel')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill('Curated travel photography with an engaged audience across Europe.')
  await page.getByLabel('Price').fill('1,200.50')
  await page.getByLabel('Followers').fill('48000')
  await page.getByTestId('image-files').setInputFiles(IMAGE)
  await readyImages(page).first().waitFor()
}

const readyImages = (page: Page) => page.locator('[aria-label="Listing images"] li[data-state="ready"]')

describe('selling an account in Chromium', () => {
  it('creates a listing with an uploaded image, edits one field, and deletes it', async () => {
    const page = await signedInAsAlice()
    await fillListing(page, 'Travel photography account, 48K followers')
    await page.setViewportSize({ width: 375, height: 800 })
    await page.screenshot({ path: `${SHOTS}/create-listing-375.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: `${SHOTS}/create-listing-1280.png`, fullPage: true })

    await page.getByRole('button', { name: 'Submit listing' }).click()
    await page.waitForURL(/\/listing\/\d+$/)
    const id = page.url().split('/').pop()
    await page.getByText('Waiting for review — your listing appears in the catalogue once an admin approves it').waitFor()

    // our own upload loads directly from /media, not through the image proxy
    const banner = page.locator('article img').first()
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    expect(await banner.getAttribute('src')).toMatch(UPLOADED_IMAGE_PATTERN)
    await page.screenshot({ path: `${SHOTS}/listing-owner-1280.png` })

    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Title').fill('Travel photography account, 48K engaged followers')
    const patch = page.waitForRequest((request) => request.method() === 'PATCH')
    await page.getByRole('button', { name: 'Save changes' }).click()
    expect(JSON.parse((await patch).postData() ?? '')).toEqual({ accountTitle: 'Travel photography account, 48K engaged followers' })
    await page.getByRole('heading', { level: 1, name: 'Travel photography account, 48K engaged followers' }).waitFor()

    await page.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete listing' }).click()
    await page.waitForURL(`${server.url}/`)
    const after = await page.evaluate(async (listingId) => (await fetch(`/api/accounts/${listingId}`)).json(), id)
    expect(after).toMatchObject({ status: 'removed', price: 1200.5, images: [expect.stringMatching(UPLOADED_IMAGE_PATTERN)] })
  })

  it('appears on an open home page, without a reload, once an admin approves it', async () => {
    const title = 'Approved travel account, live for buyers'
    const seller = await signedInAsAlice()
    await fillListing(seller, title, '@approved.travel')
    await seller.getByRole('button', { name: 'Submit listing' }).click()
    await seller.waitForURL(/\/listing\/\d+$/)

    // a buyer is already looking at the newest listings
    const buyer = await signedInAs('bob', 'handover-demo')
    await buyer.locator('#filterable-listings').scrollIntoViewIfNeeded()
    await buyer.getByText(/^Showing 1-28 of \d+ accounts$/).waitFor()
    expect(await buyer.getByRole('heading', { name: title }).count()).toBe(0)

    const admin = await signedInAs('admin', 'handover-admin')
    await admin.goto(`${server.url}/admin-dashboard`)
    const item = admin.getByTestId('review-item').filter({ hasText: title })
    await item.waitFor()
    await admin.screenshot({ path: `${SHOTS}/admin-review-queue-1280.png`, fullPage: true })
    await item.getByRole('button', { name: 'Approve' }).click()
    await item.waitFor({ state: 'detached' })

    await buyer.locator('#filterable-listings').getByRole('heading', { name: title }).waitFor({ timeout: 10_000 })
    await buyer.screenshot({ path: `${SHOTS}/home-live-listing-1280.png` })
    await seller.reload()
    await seller.getByText('Live in the catalogue').waitFor()
  })
})
