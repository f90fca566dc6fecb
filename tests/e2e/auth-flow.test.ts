import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import pg from 'pg'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { launchChromium } from '../support/browser'
import { startTestServer } from '../support/server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp'
import { SHOTS, useDemoSite, WEB_ROOT } from '../support/e2e'
import { ApiClient } from '../support/http-client'
import { enrolTotp, freshTotpCode } from '../support/two-factor'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let smtp: SmtpCapture
let server: RunningServer
let browser: Browser
let sql: pg.Client

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  db = await createTestDatabase()
  smtp = await startSmtpCapture()
  server = await startTestServer({
    databaseUrl: db.url,
    smtpUrl: smtp.url,
    env: { ADMIN_USERNAME: 'opsadmin', ADMIN_PASSWORD: 'ops-admin-password' },
    webRoot: WEB_ROOT,
  })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await sql?.end()
  await server?.close()
  await smtp?.close()
  await db?.drop()
})

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

async function fillSignup(page: Page, username: string, email: string, password = 'e2e-password') {
  await page.goto(`${server.url}/signup`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  const before = smtp.messages.length
  await page.getByRole('button', { name: 'Create Account' }).click()
  return before
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).or(page.getByText(text)).first()

describe('sign up, verify, sign out, sign in — in Chromium', () => {
  it('creates an account from the emailed code and shows the $15.00 bonus', async () => {
    const page = await newPage()
    const email = 'erin@example.com'
    const before = await fillSignup(page, 'erin', email)
    await page.getByText('Check Your Email', { exact: true }).waitFor()
    const code = await smtp.codeFor(email, before)
    await page.getByLabel('Verification Code').fill(code)
    await page.getByRole('button', { name: 'Verify & Create Account' }).click()

    await page.waitForURL(`${server.url}/`)
    await page.getByText('$15.00').first().waitFor()
    await page.screenshot({ path: `${SHOTS}/signed-in-home.png` })

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor()

    await page.goto(`${server.url}/login`)
    await page.getByLabel('Username').fill('erin')
    await page.getByLabel('Password', { exact: true }).fill('e2e-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await toast(page, 'Welcome back!').waitFor()
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
    await page.getByText('$15.00').first().waitFor()
    await page.context().close()
  })

  it('shows "Verification failed" for a wrong code and for an expired one', async () => {
    const page = await newPage()
    const email = 'frank@example.com'
    const before = await fillSignup(page, 'frank', email)
    await page.getByText('Check Your Email', { exact: true }).waitFor()
    const code = await smtp.codeFor(email, before)
    await page.getByLabel('Verification Code').fill(code === '123456' ? '654321' : '123456')
    await page.getByRole('button', { name: 'Verify & Create Account' }).click()
    await toast(page, 'Verification failed').waitFor()
    await page
      .getByText(/Invalid or expired verification code/)
      .first()
      .waitFor()

    await sql.query(`update pending_signups set code_expires_at = now() - interval '1 minute' where email = $1`, [email])
    await page.getByLabel('Verification Code').fill(code)
    await page.getByRole('button', { name: 'Verify & Create Account' }).click()
    await page.getByText('Invalid or expired verification code', { exact: true }).first().waitFor()
    await page.screenshot({ path: `${SHOTS}/verify-failed.png` })
    expect(Number((await sql.query('select count(*)::int as n from users where username_key = $1', ['frank'])).rows[0].n)).toBe(0)
    await page.context().close()
  })

  it('refuses a duplicate username with the server message', async () => {
    const first = await newPage()
    const before = await fillSignup(first, 'grace', 'grace@example.com')
    await first.getByText('Check Your Email', { exact: true }).waitFor()
    await first.getByLabel('Verification Code').fill(await smtp.codeFor('grace@example.com', before))
    await first.getByRole('button', { name: 'Verify & Create Account' }).click()
    await first.waitForURL(`${server.url}/`)
    await first.context().close()

    const page = await newPage()
    await fillSignup(page, 'GRACE', 'other-grace@example.com')
    await toast(page, 'Signup failed').waitFor()
    await page.getByText('Username is already taken').first().waitFor()
    await page.screenshot({ path: `${SHOTS}/duplicate-username.png` })
    await page.context().close()
  })

  it('shows the rate-limit message after too many failed sign-ins', async () => {
    const page = await newPage()
    await page.goto(`${server.url}/login`)
    await page.getByLabel('Username').fill('victim')
    for (let i = 0; i < 11; i++) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}`)
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'))
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await answered
    }
    await page
      .getByText(/Too many attempts/)
      .first()
      .waitFor()
    await page.screenshot({ path: `${SHOTS}/rate-limited.png` })
    await page.context().close()
  })

  it('opens the live connection as the user, and as 999 for an admin once two-factor is on', async () => {
    /** Signs in through the form (with a code when `secret` is given) and waits for the socket to say who it is. */
    const connectedAs = async (username: string, password: string, secret?: string) => {
      const page = await newPage()
      const frames: string[] = []
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
      await page.goto(`${server.url}/login`)
      await page.getByLabel('Username').fill(username)
      await page.getByLabel('Password', { exact: true }).fill(password)
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      if (secret) {
        await page.getByLabel('Authentication code').fill(await freshTotpCode(secret))
        await page.getByRole('button', { name: 'Verify and Sign In' }).click()
      }
      await page.getByRole('button', { name: 'Account menu' }).waitFor()
      const me = (await (await page.request.get(`${server.url}/api/auth/me`)).json()) as { id: number }
      return { page, frames, me }
    }
    const expectAuthenticated = async ({ page, frames }: { page: Page; frames: string[] }, userId: number) => {
      await expect.poll(() => frames.some((f) => f === JSON.stringify({ type: 'authenticated', userId })), { timeout: 15_000 }).toBe(true)
      expect(frames.some((f) => f.includes('auth_error'))).toBe(false)
      await page.context().close()
    }

    const user = await connectedAs('erin', 'e2e-password')
    await expectAuthenticated(user, user.me.id)
    // an admin without two-factor is treated as a user, live connection included
    const unenrolled = await connectedAs('opsadmin', 'ops-admin-password')
    await expectAuthenticated(unenrolled, unenrolled.me.id)
    const api = new ApiClient(server.url, { origin: server.url })
    expect((await api.post('/api/auth/login', { username: 'opsadmin', password: 'ops-admin-password' })).status).toBe(200)
    const { secret } = await enrolTotp(api)
    await expectAuthenticated(await connectedAs('opsadmin', 'ops-admin-password', secret), 999)
  })
})

describe('signing in from a page that needs it, on the demo data', () => {
  const site = useDemoSite()

  /** An account on sale that alice does not sell, with its handle. */
  async function listingOnSale(): Promise<{ id: number; handle: string }> {
    const client = new pg.Client({ connectionString: site.db.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ id: number; handle: string }>(
        `select l.id, l.username as handle from listings l join users u on u.id = l.seller_id
          where l.status = 'active' and u.username <> 'alice' order by l.id limit 1`,
      )
      return rows[0]!
    } finally {
      await client.end()
    }
  }

  it('takes a visitor from Buy Now through sign-in and back to the listing, at 375 and 1280 px', async () => {
    const listing = await listingOnSale()
    const listingUrl = `${site.server.url}/listing/${listing.id}`
    for (const width of [375, 1280]) {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      await page.goto(listingUrl)
      // a phone has Buy Now in the bar at the bottom, a laptop beside the price
      await page.getByRole('button', { name: 'Buy Now' }).filter({ visible: true }).first().click()
      await page.waitForURL(`${site.server.url}/login?redirect=%2Flisting%2F${listing.id}&reason=buy&handle=${listing.handle}`)
      await page.getByRole('heading', { level: 1, name: `Sign in to buy @${listing.handle}` }).waitFor()
      await page.screenshot({ path: `${SHOTS}/sign-in-to-buy-${width}.png` })

      await page.getByLabel('Username').fill('alice')
      await page.getByLabel('Password', { exact: true }).fill('handover-demo')
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await page.waitForURL(listingUrl)
      expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200)
      // back where she was, and nothing bought on the way: the purchase starts from Buy Now, as before
      await page.getByRole('button', { name: 'Buy Now' }).filter({ visible: true }).first().waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
      await page.screenshot({ path: `${SHOTS}/return-after-sign-in-${width}.png` })
      await context.close()
    }
  })
})
