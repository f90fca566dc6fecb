import { mkdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { SHOTS, WEB_ROOT } from '../support/e2e'
import { loggedCode, loggedMails } from '../support/mail-log'
import { spawnServer, type ServerProcess } from '../support/server-process'

/**
 * A first run as the README tells it: `server/main.ts` in its own process, NODE_ENV=development and no SMTP_URL.
 * The person at the terminal reads the sign-up code from the server's output; the browser never can.
 */
let db: TestDatabase
let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  db = await createTestDatabase()
  server = await spawnServer({
    databaseUrl: db.url,
    sessionSecret: randomBytes(32).toString('hex'),
    logLevel: 'info',
    env: { NODE_ENV: 'development', WEB_ROOT },
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
})

describe('a first run without SMTP', () => {
  it('signs up in the browser with the code printed in the server’s output', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    // a slow machine's first load compiles nothing here, but the server and Chromium share two cores
    page.setDefaultTimeout(60_000)

    // the outbox is no way round: a visitor is sent to the admin sign-in
    await page.goto(`${server.url}/email/preview`)
    await page.getByText('Sign in as an admin to read the outbox.').waitFor()
    expect(await page.getByRole('link', { name: 'Admin Sign In' }).getAttribute('href')).toBe('/admin-login')

    const email = 'firstrun@example.com'
    await page.goto(`${server.url}/signup`)
    await page.getByLabel('Username').fill('firstrun')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('first-run-password')
    await page.getByLabel('Confirm Password').fill('first-run-password')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByText('Check Your Email', { exact: true }).waitFor()

    await expect.poll(() => loggedCode(server.output(), email), { timeout: 30_000 }).toMatch(/^\d{6}$/)
    const code = loggedCode(server.output(), email)!
    const mail = loggedMails(server.output()).find((m) => m.to === email)!
    expect(mail.text).toContain(`Your Handover verification code is ${code}.`)

    await page.getByLabel('Verification Code').fill(code)
    await page.getByRole('button', { name: 'Verify & Create Account' }).click()
    await page.waitForURL(`${server.url}/`)
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    await page.getByText('$15.00').first().waitFor()
    await page.screenshot({ path: `${SHOTS}/first-run-signed-in.png` })

    // signed in, still no admin: the preview says so and shows no mail
    await page.goto(`${server.url}/email/preview`)
    await page.getByText('This account has no admin rights, so it cannot read the outbox.').waitFor()
    expect(await page.getByRole('list', { name: 'Outbox' }).count()).toBe(0)
    expect(await page.locator('body').innerText()).not.toContain(code)
    await page.context().close()
  })
})
