import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { RunningServer } from '../../server/server'
import { launchChromium } from './browser'
import { createTestDatabase, type TestDatabase } from './database'
import { ApiClient } from './http-client'
import { startTestServer } from './server'

/** Where end-to-end screenshots go. */
export const SHOTS = resolve(import.meta.dirname, '../../test-results/e2e')

export interface DemoSite {
  db: TestDatabase
  server: RunningServer
  browser: Browser
}

/**
 * The built website on the real server with demo data, and Chromium: started before the file's tests and
 * stopped after them. Its fields are filled once beforeAll has run.
 */
export function useDemoSite(): DemoSite {
  const site = {} as DemoSite
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    site.db = await createTestDatabase()
    // WEB_ROOT points at a website built elsewhere (`vite build --outDir …`), so a test run can leave dist/ alone
    const webRoot = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : resolve(import.meta.dirname, '../../dist/web')
    site.server = await startTestServer({ databaseUrl: site.db.url, env: { SEED_DEMO: 'true' }, webRoot })
    site.browser = await launchChromium()
  })
  afterAll(async () => {
    await site.browser?.close()
    await site.server?.close()
    await site.db?.drop()
  })
  return site
}

/** A demo user's API session (the admin's own password for `admin`), sending the site's Origin as a browser would. */
export async function apiSignedInAs(site: DemoSite, username: string): Promise<ApiClient> {
  const client = new ApiClient(site.server.url, { origin: site.server.url })
  const password = username === 'admin' ? 'handover-admin' : 'handover-demo'
  expect((await client.post('/api/auth/login', { username, password })).status).toBe(200)
  return client
}

/** A new browser context signed in through the sign-in form, on the home page. */
export async function signedInAs(site: DemoSite, username: string, password: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await site.browser.newContext({ viewport })).newPage()
  await page.goto(`${site.server.url}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(`${site.server.url}/`)
  return page
}

/**
 * The page is on screen: the network has gone quiet and no lazy page is still showing its "Loading..." placeholder.
 * On a busy machine the framework's parse alone can outlast networkidle's 500 ms, so quiet alone is not enough.
 */
export async function pageSettled(page: Page): Promise<void> {
  // #main (or an error screen's heading), not "#root has content": the toasts' region comes first, and on a busy
  // machine the router's first commit can follow it by a second, after the network has already gone quiet. This
  // narrows the race but does not close it: one CI run still read "Loading..." after #main was there without the
  // placeholder, so a busy machine can commit the layout before the page's fallback. Waiting for the page's own
  // content is the fix still to make.
  await page.locator('#main, #root h1').first().waitFor()
  await page.locator('[data-page-loading]').first().waitFor({ state: 'detached' })
  await page.waitForLoadState('networkidle')
}
