import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnosticReportSchema, type DiagnosticReport } from '../../src/shared/api/diagnostics'
import { emailDiagnosticSchema } from '../../src/shared/api/email'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { signInWithTotp, unusedTotpCode } from '../support/two-factor'
import { addUser, freePort, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp'
import { TcpProxy } from '../support/tcp-proxy'
import { TrustapStandin } from '../support/trustap-standin'

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
const VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version
const API_KEY = 'diagnostic-api-key-0123456789'

let db: TestDatabase
let smtp: SmtpCapture
/** everything real and working: PostgreSQL, Redis, an SMTP server, the sandbox provider */
let server: RunningServer
let admin: TestUser
let member: TestUser

const report = (res: { json: unknown }): DiagnosticReport => diagnosticReportSchema.parse(res.json)
const component = (body: DiagnosticReport, name: string) => body.components.find((c) => c.name === name)

/** A client of `target` signed in as one of the users made on the first server (same database). */
/** Instances of one deployment share the secret (authenticator secrets are sealed under it). */
const SESSION_SECRET = randomBytes(32).toString('hex')

async function signIn(target: RunningServer, username: string): Promise<ApiClient> {
  const client = new ApiClient(target.url, { origin: target.url })
  // the admin signs in with two-factor, as admins must: the file signs it in more often than two codes a step allow,
  // so past those, with a recovery code instead of waiting up to 30 s for the next step (a test's whole time limit)
  if (username === admin.username) {
    const code = await unusedTotpCode(admin.totpSecret!)
    if (code) {
      await signInWithTotp(client, username, PASSWORD, admin.totpSecret!, '/api/auth/login', code)
      return client
    }
    const first = await client.post('/api/auth/login', { username, password: PASSWORD })
    expect(first.json, first.text).toMatchObject({ requiresTwoFactor: true })
    const second = await client.post('/api/auth/2fa/verify', { recoveryCode: admin.recoveryCodes!.pop() })
    expect(second.status, second.text).toBe(200)
    return client
  }
  const res = await client.post('/api/auth/login', { username, password: PASSWORD })
  expect(res.status, res.text).toBe(200)
  return client
}

/**
 * Working: ok, or degraded when a check was merely slow on a busy machine; what these tests pin down is up or down,
 * never how fast (the unit tests cover the slow threshold).
 */
const working = ['ok', 'degraded']

/** Nothing but names and statuses: no hosts, errors, latencies, versions or flags. */
function expectPublicOnly(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(['checkedAt', 'components', 'cryptoPayments', 'status'])
  for (const c of body.components as Record<string, unknown>[]) {
    expect(
      Object.keys(c).filter((key) => !['name', 'status', 'parts'].includes(key)),
      String(c.name),
    ).toEqual([])
    for (const part of (c.parts as Record<string, unknown>[] | undefined) ?? []) expect(Object.keys(part).sort()).toEqual(['name', 'status'])
  }
  const text = JSON.stringify(body)
  for (const secret of ['127.0.0.1', 'PostgreSQL', 'PONG', 'SMTP', process.version]) expect(text).not.toContain(secret)
}

beforeAll(async () => {
  db = await createTestDatabase()
  smtp = await startSmtpCapture()
  server = await startTestServer({ databaseUrl: db.url, smtpUrl: smtp.url, redisUrl: REDIS.href, env: { SESSION_SECRET } })
  admin = await addUser(server, 'diag_admin', { admin: true })
  member = await addUser(server, 'diag_member')
})

afterAll(async () => {
  await server?.close()
  await smtp?.close()
  await db?.drop()
})

describe('GET /api/diagnostic with every component working', () => {
  it('tells visitors and ordinary users the overall status and each component’s name and status, nothing more', async () => {
    for (const client of [new ApiClient(server.url), member.client]) {
      const res = await client.get('/api/diagnostic')
      expect(res.status, res.text).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expectPublicOnly(res.json)
      const body = report(res)
      expect(working).toContain(body.status)
      expect(body.components.map((c) => c.name)).toEqual(['database', 'redis', 'email', 'payments', 'crypto'])
      for (const c of body.components) expect(working, c.name).toContain(c.status)
      expect(component(body, 'crypto')?.parts?.map((p) => p.name)).toEqual(['random', 'sha256', 'hmac-sha256', 'timing-safe-compare', 'argon2id'])
      expect(body.cryptoPayments).toBe(true)
    }
  })

  it('gives admins what each check found, its latency, which components are required, and the version', async () => {
    const res = await admin.client.get('/api/diagnostic')
    expect(res.status, res.text).toBe(200)
    const body = report(res)
    expect(body.details).toMatchObject({ provider: 'sandbox', version: VERSION, node: process.version })
    const byName = Object.fromEntries(body.components.map((c) => [c.name, c]))
    expect(byName.database).toMatchObject({ required: true, message: expect.stringMatching(/^PostgreSQL \d+/) })
    expect(byName.redis).toMatchObject({ required: false, message: expect.stringContaining(`PONG from ${REDIS.hostname}:${REDIS.port || 6379}`) })
    expect(byName.email).toMatchObject({
      required: false,
      message: expect.stringContaining(`SMTP server at ${new URL(smtp.url).host} accepted the connection`),
    })
    expect(byName.payments).toMatchObject({ required: false, message: expect.stringContaining('Built-in sandbox') })
    expect(byName.crypto).toMatchObject({ required: true, message: '5 of 5 primitives gave their known answers' })
    for (const c of body.components) expect(c.latencyMs, c.name).toBeGreaterThanOrEqual(0)
    for (const part of byName.crypto!.parts!) expect(part.message, part.name).toBeTruthy()
  })

  it('answers /api/email/diagnostic from the same check: details for admins, a plain verdict for others', async () => {
    const visitor = await new ApiClient(server.url).get('/api/email/diagnostic')
    expect(visitor.status).toBe(200)
    const verdict = emailDiagnosticSchema.strict().parse(visitor.json)
    expect(verdict).toEqual({ transport: 'smtp', ok: true, status: verdict.status, message: 'Email is working' })
    expect(working).toContain(verdict.status)
    const forAdmin = emailDiagnosticSchema.parse((await admin.client.get('/api/email/diagnostic')).json)
    expect(forAdmin).toMatchObject({
      transport: 'smtp',
      ok: true,
      message: expect.stringContaining(`SMTP server at ${new URL(smtp.url).host} accepted the connection`),
    })
    expect(forAdmin.latencyMs).toBeGreaterThanOrEqual(0)
  })
})

describe('GET /api/diagnostic when something is down', () => {
  it('reports an unreachable SMTP server as email down: degraded, still 200, and /api/email/diagnostic answers 503', async () => {
    const closed = `smtp://127.0.0.1:${await freePort()}`
    const noMail = await startTestServer({ databaseUrl: db.url, smtpUrl: closed, env: { SESSION_SECRET } })
    try {
      const res = await new ApiClient(noMail.url).get('/api/diagnostic')
      expect(res.status, res.text).toBe(200)
      expectPublicOnly(res.json)
      const body = report(res)
      expect(body.status).toBe('degraded')
      expect(component(body, 'email')?.status).toBe('down')
      // no REDIS_URL on this instance: nothing to check, so no Redis line
      expect(body.components.map((c) => c.name)).toEqual(['database', 'email', 'payments', 'crypto'])

      const adminClient = await signIn(noMail, admin.username)
      const detailed = report(await adminClient.get('/api/diagnostic'))
      expect(component(detailed, 'email')?.message).toMatch(/^SMTP server at 127\.0\.0\.1:\d+ unreachable: /)
      const email = await adminClient.get('/api/email/diagnostic')
      expect(email.status).toBe(503)
      expect(emailDiagnosticSchema.parse(email.json)).toMatchObject({ transport: 'smtp', ok: false, status: 'down' })
      expect((await new ApiClient(noMail.url).get('/api/email/diagnostic')).json).toEqual({
        transport: 'smtp',
        ok: false,
        status: 'down',
        message: 'Email is not working',
      })
    } finally {
      await noMail.close()
    }
  })

  it('answers 200 degraded when Redis stops answering: the site keeps serving without it', async () => {
    const proxy = await new TcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) }).start()
    const instance = await startTestServer({ databaseUrl: db.url, redisUrl: `redis://${proxy.url}`, env: { SESSION_SECRET } })
    try {
      // signed in while Redis still works: sign-in consumes a rate-limit point there
      const adminClient = await signIn(instance, admin.username)
      expect(working).toContain(report(await adminClient.get('/api/diagnostic')).status)

      await proxy.cut()
      const res = await adminClient.get('/api/diagnostic')
      expect(res.status, res.text).toBe(200)
      const body = report(res)
      expect(body.status).toBe('degraded')
      expect(component(body, 'redis')).toMatchObject({ status: 'down', required: false })
      expect(component(body, 'redis')?.message).not.toBe('')
      expect(working).toContain(component(body, 'database')?.status)

      const visitor = await new ApiClient(instance.url).get('/api/diagnostic')
      expect(visitor.status).toBe(200)
      expectPublicOnly(visitor.json)
      expect(component(report(visitor), 'redis')?.status).toBe('down')
    } finally {
      // back before shutdown, so the instance leaves Redis as it found it
      await proxy.restore()
      await instance.close()
      await proxy.close()
    }
  })

  it('checks Trustap with an authenticated call, reports that it takes no crypto, and sees it go down', async () => {
    const standin = await new TrustapStandin({ apiKey: API_KEY, clientId: 'diag-client', clientSecret: 'client-secret-0123456789' }).start()
    const instance = await startTestServer({
      databaseUrl: db.url,
      env: {
        SESSION_SECRET,
        PAYMENTS_PROVIDER: 'trustap',
        TRUSTAP_API_URL: `${standin.url}/api/v1`,
        TRUSTAP_API_KEY: API_KEY,
        TRUSTAP_SELLER_ID: 'platform-full-user',
        TRUSTAP_WEBHOOK_USER: 'handover-hooks',
        TRUSTAP_WEBHOOK_PASSWORD: 'webhook-password-0123456789',
      },
    })
    try {
      const adminClient = await signIn(instance, admin.username)
      const up = report(await adminClient.get('/api/diagnostic'))
      expect(up.cryptoPayments).toBe(false)
      expect(up.details?.provider).toBe('trustap')
      expect(component(up, 'payments')).toMatchObject({ message: expect.stringContaining(`Trustap API at ${standin.url}/api/v1 answered`) })
      expect(working).toContain(component(up, 'payments')?.status)
      const probe = standin.requests.find((r) => r.path.startsWith('/api/v1/p2p/charge'))
      expect(probe?.headers.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`)

      standin.failing = true
      const res = await adminClient.get('/api/diagnostic')
      // the site still serves browsing and balance payments without its provider
      expect(res.status).toBe(200)
      const failing = report(res)
      expect(failing.status).toBe('degraded')
      expect(component(failing, 'payments')).toMatchObject({ status: 'down', message: expect.stringContaining('answered 503') })
    } finally {
      await instance.close()
      await standin.close()
    }
  })
})
