import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { PAYMENT_MESSAGES, trustapOAuthStartSchema } from '../../src/shared/api/payments'
import { createTestDatabase } from '../support/database'
import { SHOTS, WEB_ROOT, signedInAs, useDemoSite, type DemoSite } from '../support/e2e'
import { addUser, freePort, PASSWORD } from '../support/payments'
import { startTestServer } from '../support/server'
import { TrustapStandin } from '../support/trustap-standin'

// the demo site has no TRUSTAP_CLIENT_ID/SECRET: the sandbox provider, nothing to connect
const site = useDemoSite()

const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
const callbackMessage = (page: Page) => page.getByTestId('trustap-callback-message')

describe('Trustap connection screens on a server without Trustap', () => {
  it('explains the connection and says this server has none configured, with no Connect button', async () => {
    for (const width of [1280, 375]) {
      const page = await signedInAs(site, 'alice', 'handover-demo', { width, height: 900 })
      await page.goto(`${site.server.url}/trustap-integration`)
      await page.getByTestId('trustap-not-configured').waitFor()
      expect(await page.getByTestId('trustap-not-configured').innerText()).toContain('This server has no Trustap connection configured')
      expect(await page.getByRole('heading', { name: 'Trustap integration' }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: /Connect Trustap/ }).count()).toBe(0)
      await shoot(page, `trustap-integration-not-configured-${width}`)
      await page.context().close()
    }
  })

  it('sends a signed-out visitor to sign in', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.url}/trustap-integration`)
    await page.waitForURL(`${site.server.url}/login?redirect=%2Ftrustap-integration&reason=trustap-integration`)
    await page.close()
  })

  it('shows an error Trustap sent back, with the way back, without asking the server', async () => {
    const page = await signedInAs(site, 'alice', 'handover-demo', { width: 375, height: 800 })
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/trustap/')) posts.push(request.url())
    })
    await page.goto(`${site.server.url}/trustap/auth/callback?error=access_denied&error_description=%3Cb%3ENo%3C%2Fb%3E&state=abc`)
    await expect.poll(() => callbackMessage(page).innerText()).toBe('Trustap did not connect: <b>No</b>.')
    expect(await page.getByText('Error code: access_denied').isVisible()).toBe(true)
    await shoot(page, 'trustap-callback-error-375')
    await page.getByRole('link', { name: 'Back to Trustap integration' }).click()
    await page.waitForURL(/\/trustap-integration$/)
    expect(posts).toEqual([])
    await page.context().close()
  })

  it('shows the server’s refusal of a made-up code and state', async () => {
    const page = await signedInAs(site, 'alice', 'handover-demo')
    await page.goto(`${site.server.url}/auth/trustap/callback?code=made-up-code&state=made-up-state`)
    await expect.poll(() => callbackMessage(page).innerText()).toBe(PAYMENT_MESSAGES.trustapNotConfigured)
    // no Trustap here: starting again cannot help, so the link only leads back
    expect(await page.getByRole('link', { name: 'Back to Trustap integration' }).getAttribute('href')).toBe('/trustap-integration')
    await shoot(page, 'trustap-callback-refused-1280')
    await page.context().close()
  })
})

describe('connecting through the Trustap stand-in', () => {
  const standin = new TrustapStandin({ apiKey: 'test-api-key-0123456789', clientId: 'handover-client', clientSecret: 'client-secret-0123456789' })
  const trustapSite = {} as DemoSite

  beforeAll(async () => {
    await standin.start()
    trustapSite.browser = site.browser
    trustapSite.db = await createTestDatabase()
    const port = await freePort()
    trustapSite.server = await startTestServer({
      databaseUrl: trustapSite.db.url,
      webRoot: WEB_ROOT,
      // the sandbox still takes payments; only the sellers' OAuth client is Trustap's (the stand-in's SSO)
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        TRUSTAP_SSO_URL: `${standin.url}${standin.realmPath}`,
        TRUSTAP_CLIENT_ID: 'handover-client',
        TRUSTAP_CLIENT_SECRET: 'client-secret-0123456789',
      },
    })
    await addUser(trustapSite.server, 'carol')
  })

  afterAll(async () => {
    await trustapSite.server?.close()
    await trustapSite.db?.drop()
    await standin.close()
  })

  it('connects at Trustap, comes back through the callback, shows the account, and disconnects', async () => {
    standin.ssoUser = { sub: 'trustap-carol', email: 'carol@trustap.example' }
    const page = await signedInAs(trustapSite, 'carol', PASSWORD)
    const { url } = trustapSite.server
    await page.goto(`${url}/trustap-integration`)
    await page.getByTestId('trustap-connect').waitFor()
    await shoot(page, 'trustap-integration-connect-1280')

    const landed = new Set<string>()
    const posts: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/callback?')) landed.add(frame.url())
    })
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/trustap/oauth/callback')) posts.push(request.postData() ?? '')
    })
    await page.getByRole('button', { name: /Connect Trustap/ }).click()
    await page.getByRole('heading', { name: 'Trustap connected' }).waitFor()
    const callbacks = [...landed]
    expect(callbacks).toHaveLength(1)
    expect(callbacks[0]).toMatch(new RegExp(`^${url}/trustap/auth/callback\\?code=\\w+&state=[\\w-]+$`))
    // the code and state are posted once, whatever StrictMode or re-renders do
    expect(posts).toHaveLength(1)
    await shoot(page, 'trustap-callback-connected-1280')

    // 1.5 s later, back on the integration page, connected
    await page.waitForURL(`${url}/trustap-integration`)
    const card = page.getByTestId('trustap-connected')
    await card.waitFor()
    expect(await card.innerText()).toContain('trustap-carol')
    expect(await card.innerText()).toContain('carol@trustap.example')
    await shoot(page, 'trustap-integration-connected-1280')
    await page.setViewportSize({ width: 375, height: 800 })
    await shoot(page, 'trustap-integration-connected-375')

    // Back (to the spent callback) must not connect again: the server refuses the used state
    await page.goto(callbacks[0]!)
    await expect.poll(() => callbackMessage(page).innerText()).toBe(PAYMENT_MESSAGES.oauthStateInvalid)
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/trustap-integration')
    await shoot(page, 'trustap-callback-reused-375')

    await page.goto(`${url}/trustap-integration`)
    await page.getByRole('button', { name: 'Disconnect' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Handover will forget your Trustap user id and email').waitFor()
    // the viewport only: a full-page shot cuts the fixed overlay at the first screen
    await page.screenshot({ path: `${SHOTS}/trustap-disconnect-dialog-375.png` })
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('trustap-connect').waitFor()
    // enabled once a fresh start URL is in (the one before connecting was used)
    await expect.poll(() => page.getByRole('button', { name: /Connect Trustap/ }).isEnabled()).toBe(true)
    await page.context().close()
  })

  it('says on the callback that the Trustap account is connected to another Handover account, and connects nothing', async () => {
    // dave connected this Trustap account first (over the API, as a browser's callback would)
    standin.ssoUser = { sub: 'trustap-shared', email: 'shared@trustap.example' }
    const dave = await addUser(trustapSite.server, 'dave')
    const authorise = new URL(trustapOAuthStartSchema.parse((await dave.client.get('/api/trustap/oauth/start')).json).url)
    const back = new URL((await fetch(authorise, { redirect: 'manual' })).headers.get('location')!)
    const code = back.searchParams.get('code')
    const state = back.searchParams.get('state')
    expect((await dave.client.post('/api/trustap/oauth/callback', { code, state })).status).toBe(200)

    await addUser(trustapSite.server, 'erin')
    const page = await signedInAs(trustapSite, 'erin', PASSWORD)
    await page.goto(`${trustapSite.server.url}/trustap-integration`)
    await expect.poll(() => page.getByRole('button', { name: /Connect Trustap/ }).isEnabled()).toBe(true)
    await page.getByRole('button', { name: /Connect Trustap/ }).click()
    await page.getByRole('heading', { name: 'Trustap not connected' }).waitFor()
    expect(await callbackMessage(page).innerText()).toBe(PAYMENT_MESSAGES.trustapAccountTaken)
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/trustap-integration')
    await shoot(page, 'trustap-callback-taken-1280')
    await page.getByRole('link', { name: 'Try again' }).click()
    await page.getByTestId('trustap-connect').waitFor()
    await page.context().close()
  })
})
