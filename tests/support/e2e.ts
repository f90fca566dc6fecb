import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { RunningServer } from '../../server/server'
import { launchChromium } from './browser'
import { createTestDatabase, type TestDatabase } from './database'
import { ApiClient } from './http-client'
import { enrolTotp, freshTotpCode, signInWithTotp } from './two-factor'
import { startTestServer } from './server'
import { PAGE_SHOWN_ATTRIBUTE } from '../../src/renderer/lib/page-shown'
import { UNHANDLED_ERROR_LOG } from '../../src/renderer/lib/unhandled-errors'

/** Where end-to-end screenshots go. */
export const SHOTS = resolve(import.meta.dirname, '../../test-results/e2e')

/**
 * The built website the suites serve: `dist/web`, or one built elsewhere (`vite build --outDir …`) named by WEB_ROOT, so
 * a test run can leave dist/ alone.
 */
export const WEB_ROOT = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : resolve(import.meta.dirname, '../../dist/web')

export interface DemoSite {
  db: TestDatabase
  server: RunningServer
  browser: Browser
  /** the demo admin's authenticator secret, once a test needed the admin (admins sign in with two-factor) */
  adminTotpSecret?: Promise<string>
}

/**
 * The built website on the real server with demo data, and Chromium: started before the file's tests and
 * stopped after them. Its fields are filled once beforeAll has run. The demo data is the suite's one seeded
 * database, copied (e2e-demo-template.ts), with the media folder its banners are in.
 */
export function useDemoSite(): DemoSite {
  const site = {} as DemoSite
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    const template = inject('demoTemplate')
    site.db = await createTestDatabase(template.database)
    site.server = await startTestServer({ databaseUrl: site.db.url, env: { MEDIA_DIR: template.mediaDir }, webRoot: WEB_ROOT })
    site.browser = await launchChromium()
  })
  afterAll(async () => {
    await site.browser?.close()
    await site.server?.close()
    await site.db?.drop()
  })
  return site
}

/**
 * The demo admin starts without two-factor (the admin area shows how to turn it on); the first test of a file that
 * needs the admin turns it on through the API, as the Settings screen does, and keeps the secret for the codes.
 */
export function demoAdminTotpSecret(site: DemoSite): Promise<string> {
  site.adminTotpSecret ??= (async () => {
    const client = new ApiClient(site.server.url, { origin: site.server.url })
    expect((await client.post('/api/auth/login', { username: 'admin', password: 'handover-admin' })).status).toBe(200)
    return (await enrolTotp(client)).secret
  })()
  return site.adminTotpSecret
}

/** A demo user's API session (the admin's own password and a code for `admin`), sending the site's Origin as a browser would. */
export async function apiSignedInAs(site: DemoSite, username: string): Promise<ApiClient> {
  const client = new ApiClient(site.server.url, { origin: site.server.url })
  if (username === 'admin') {
    await signInWithTotp(client, 'admin', 'handover-admin', await demoAdminTotpSecret(site))
    return client
  }
  expect((await client.post('/api/auth/login', { username, password: 'handover-demo' })).status).toBe(200)
  return client
}

/** After the password on either sign-in form: the admin's second step, a code from the app. */
export async function typeAdminCode(page: Page, site: DemoSite): Promise<void> {
  await page.getByLabel('Authentication code').fill(await freshTotpCode(await demoAdminTotpSecret(site)))
  await page.getByRole('button', { name: 'Verify and Sign In' }).click()
}

/** The admin, signed in through the admin area's own form (password, then a code), on the dashboard or `next`. */
export async function adminSignedIn(site: DemoSite, page: Page, next = '/admin-dashboard'): Promise<void> {
  await demoAdminTotpSecret(site)
  await page.goto(`${site.server.url}/admin`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password', { exact: true }).fill('handover-admin')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await typeAdminCode(page, site)
  await page.waitForURL(`${site.server.url}${next}`)
}

/** A page in a new browser context of its own (its own cookies), at a laptop's size unless told. */
export async function newPage(site: DemoSite, viewport = { width: 1280, height: 900 }): Promise<Page> {
  return (await site.browser.newContext({ viewport })).newPage()
}

/** A new browser context signed in through the sign-in form, on the home page. */
export async function signedInAs(site: DemoSite, username: string, password: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await newPage(site, viewport)
  await signInOn(page, site, username, password)
  return page
}

/** Signs in through the sign-in form on this page, which ends on the home page (the app moves there itself). */
export async function signInOn(page: Page, site: DemoSite, username: string, password: string): Promise<void> {
  if (username === 'admin') await demoAdminTotpSecret(site)
  await page.goto(`${site.server.url}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  if (username === 'admin') await typeAdminCode(page, site)
  await page.waitForURL(`${site.server.url}/`)
}

/**
 * The page is on screen: a lazy page's own content (the mark `lazyPage` puts on <html> while it is shown) or an error
 * screen's heading, and the network has gone quiet. Waiting for the page itself, not for the "Loading..." placeholder
 * to be absent: on a busy machine the placeholder can come after the layout, and quiet can come before the page's
 * script is even asked for. The mark is checked again after the quiet, for a page that sent the browser elsewhere.
 */
export async function pageSettled(page: Page): Promise<void> {
  // a page the server rendered has its heading before any script: its root is busy until the app has taken it over
  const shown = page.locator(`html[${PAGE_SHOWN_ATTRIBUTE}], #root:not([aria-busy="true"]) h1`).first()
  await shown.waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  await shown.waitFor({ state: 'attached' })
}

/**
 * Calls `record` with each error the page throws. The app suppresses uncaught errors (SPEC §2), and a suppressed one
 * raises no `pageerror`: the app's quiet log of it is read too.
 */
export function onThrown(page: Page, record: (message: string) => void): void {
  page.on('pageerror', (error) => record(error.message))
  page.on('console', (message) => {
    if (message.type() === 'debug' && message.text().startsWith(UNHANDLED_ERROR_LOG)) record(message.text())
  })
}

/** The app's error screens: a render error, a failed start-up, a load that never finished. */
const FATAL_SCREENS = ['Something went wrong', 'App Initialization Failed', 'Loading Issue Detected']

/** What is wrong with the route as it loaded: what it threw, an error screen, or the 404 page for a route the app should know. */
export async function routeProblems(page: Page, path: string, thrown: string[]): Promise<string[]> {
  const text = await page.locator('body').innerText()
  return [
    ...thrown.map((message) => `${path} threw: ${message}`),
    ...FATAL_SCREENS.filter((fatal) => text.includes(fatal)).map((fatal) => `${path} shows "${fatal}"`),
    ...(text.includes('Page Not Found') ? [`${path} fell through to the 404 page`] : []),
  ]
}
