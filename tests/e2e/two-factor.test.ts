import { describe, expect, it } from 'vitest'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '../../src/shared/api/two-factor'
import { SHOTS, newPage, signedInAs, useDemoSite } from '../support/e2e'
import { freshTotpCode } from '../support/two-factor'

const site = useDemoSite()
const url = (path: string) => `${site.server.url}${path}`

/** Settings → Two-factor sign-in as a person does it: the key read off the screen, a first code typed from it. */
async function setUpAuthenticator(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const section = page.locator('#two-factor')
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await section.getByLabel('Code from the app').fill('12345')
  await section.getByRole('button', { name: 'Turn on' }).click()
  await section.getByText('Enter the 6-digit code from your authenticator app').waitFor()
  await section.getByLabel('Code from the app').fill(await freshTotpCode(secret))
  await section.getByRole('button', { name: 'Turn on' }).click()
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')
  await codes.first().waitFor()
  const recoveryCodes = await codes.allInnerTexts()
  expect(recoveryCodes).toHaveLength(10)
  return { secret, recoveryCodes }
}

/** Makes the user's sessions older than the step-up window, as if their code had been typed 6 minutes ago. */
async function ageSecondFactor(username: string) {
  const sql = new pg.Client({ connectionString: site.db.url })
  await sql.connect()
  try {
    await sql.query(
      `update sessions set data = jsonb_set(data, '{secondFactorAt}', to_jsonb((extract(epoch from now()) * 1000 - 360000)::bigint))
       where user_id = (select id from users where username = $1)`,
      [username],
    )
  } finally {
    await sql.end()
  }
}

describe('two-factor sign-in', () => {
  it('is set up from Settings, asked after the password, and asked again before money leaves', async () => {
    const page = await signedInAs(site, 'carol', 'handover-demo')
    await page.goto(url('/settings'))
    const { secret } = await setUpAuthenticator(page)
    await page.locator('#two-factor').screenshot({ path: `${SHOTS}/settings-two-factor-codes-1280.png` })
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.locator('#two-factor').getByText('Authenticator app: on').waitFor()
    await page.screenshot({ path: `${SHOTS}/settings-security-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
    await page.locator('#two-factor').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/settings-security-375.png`, fullPage: true })

    // signed out, the password alone no longer signs in
    const again = await newPage(site)
    await again.goto(url('/login'))
    await again.getByLabel('Username').fill('carol')
    await again.getByLabel('Password', { exact: true }).fill('handover-demo')
    await again.getByRole('button', { name: 'Sign In', exact: true }).click()
    await again.getByLabel('Authentication code').waitFor()
    expect(await again.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401)
    await again.screenshot({ path: `${SHOTS}/sign-in-code-1280.png` })
    await again.getByLabel('Authentication code').fill('000000')
    await again.getByRole('button', { name: 'Verify and Sign In' }).click()
    await again.getByText('That code is not right').waitFor()
    await again.getByLabel('Authentication code').fill(await freshTotpCode(secret))
    await again.getByRole('button', { name: 'Verify and Sign In' }).click()
    await again.waitForURL(url('/'))
    expect(await again.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(200)

    // five minutes on, a withdrawal asks for a code in the one step-up dialog, and goes through with it
    await ageSecondFactor('carol')
    await again.goto(url('/balance'))
    await again.getByRole('button', { name: 'Withdraw' }).click()
    const withdraw = again.getByRole('dialog')
    await withdraw.getByLabel('Amount (USD)').fill('10')
    await withdraw.getByLabel('Payout account email').fill('carol@payouts.example')
    await withdraw.getByRole('button', { name: 'Request withdrawal' }).click()
    const confirm = again.getByRole('dialog', { name: 'Confirm it is you' })
    await confirm.getByLabel('Authentication code').waitFor()
    await again.screenshot({ path: `${SHOTS}/step-up-dialog-1280.png` })
    await confirm.getByLabel('Authentication code').fill(await freshTotpCode(secret))
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await again.getByTestId('withdrawals').getByText('Awaiting approval').waitFor({ timeout: 10_000 })
  }, 180_000)

  it('must be on before an admin reaches the dashboard, and the admin screens show how', async () => {
    const page = await newPage(site)
    await page.goto(url('/admin-login'))
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password', { exact: true }).fill('handover-admin')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL(url('/admin-dashboard'))
    await page.getByRole('heading', { name: 'Turn on two-factor sign-in first' }).waitFor()
    // the server agrees: nothing of the admin area answers yet
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/admin/withdrawals')
      return { status: res.status, body: (await res.json()) as { error: { code: string } } }
    })
    expect(refused).toMatchObject({ status: 403, body: { error: { code: TWO_FACTOR_ENROLMENT_REQUIRED } } })
    await page.screenshot({ path: `${SHOTS}/admin-enrol-first-1280.png` })

    await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click()
    await page.waitForURL((u) => u.pathname === '/settings')
    await setUpAuthenticator(page)
    await page.getByRole('link', { name: 'Continue to the admin area' }).click()
    await page.waitForURL(url('/admin-dashboard'))
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()
    expect(await page.evaluate(async () => (await fetch('/api/admin/withdrawals')).status)).toBe(200)
  }, 120_000)
})
