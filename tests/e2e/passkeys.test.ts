import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, CDPSession, Page } from 'playwright-core'
import type { RunningServer } from '../../server/server'
import { launchChromium } from '../support/browser'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { SHOTS, WEB_ROOT } from '../support/e2e'
import { freePort } from '../support/server-process'
import { startTestServer } from '../support/server'

/**
 * The demo site as useDemoSite starts it, but named `localhost`: browsers refuse an IP address as a passkey's relying
 * party, and the server takes its relying party from PUBLIC_URL.
 */
let db: TestDatabase
let server: RunningServer
let browser: Browser
let base: string

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  const template = inject('demoTemplate')
  const port = await freePort()
  base = `http://localhost:${port}`
  db = await createTestDatabase(template.database)
  server = await startTestServer({
    databaseUrl: db.url,
    env: { MEDIA_DIR: template.mediaDir, PUBLIC_URL: base, PORT: String(port) },
    webRoot: WEB_ROOT,
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await db?.drop()
})

/** A platform authenticator in Chromium (DevTools' virtual one): passkeys stay on it, it verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return cdp
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' })

describe('passkeys in Chromium', () => {
  it('are added from Settings, and sign in without a password', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await addVirtualAuthenticator(page)
    await page.goto(`${base}/login`)
    await page.getByLabel('Username').fill('carol')
    await page.getByLabel('Password', { exact: true }).fill('handover-demo')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL(`${base}/`)

    await page.goto(`${base}/settings`)
    const section = passkeysSection(page)
    await section.getByText('No passkeys yet.').waitFor()
    await section.getByRole('button', { name: 'Add a passkey' }).click()
    await expect.poll(() => section.getByLabel('Passkey name').inputValue()).toBe('Passkey 1')
    await section.getByLabel('Passkey name').fill('This laptop')
    await section.getByRole('button', { name: 'Continue' }).click()
    // two-factor is off: the server wants the password first
    await section.getByLabel('Current password').fill('handover-demo')
    await section.screenshot({ path: `${SHOTS}/passkeys-add-1280.png` })
    await section.getByRole('button', { name: 'Continue' }).click()

    // the first passkey turned two-factor on: its recovery codes, once
    const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')
    await expect.poll(() => codes.count()).toBe(10)
    await section.getByRole('button', { name: 'I have saved them' }).click()
    const item = section.getByRole('listitem', { name: 'This laptop' })
    await item.getByText('Never').waitFor()
    // with passkeys alone, the codes are renewed here (the passkey just counted as a fresh second factor)
    await section.getByText('10 of 10 recovery codes left').waitFor()
    await section.getByRole('button', { name: 'New recovery codes' }).click()
    await expect.poll(() => codes.count()).toBe(10)
    await section.getByRole('button', { name: 'I have saved them' }).click()
    await section.screenshot({ path: `${SHOTS}/passkeys-section-1280.png` })
    await page.setViewportSize({ width: 375, height: 800 })
    await section.screenshot({ path: `${SHOTS}/passkeys-section-375.png` })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor()

    await page.goto(`${base}/login`)
    const withPasskey = page.getByRole('button', { name: 'Sign in with a passkey' })
    await withPasskey.waitFor()
    await page.screenshot({ path: `${SHOTS}/passkeys-login-1280.png` })
    await withPasskey.click()
    await page.waitForURL(`${base}/`)
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    await page.goto(`${base}/settings`)
    await expect.poll(() => passkeysSection(page).getByRole('listitem', { name: 'This laptop' }).getByText('Never').count()).toBe(0)
    await page.context().close()
  })
})
