import { generate } from 'otplib'
import { expect } from 'vitest'
import { recoveryCodesResponseSchema, totpSetupResponseSchema } from '../../src/shared/api/two-factor'
import type { ApiClient } from './http-client'

const PERIOD = 30
/** The newest step each secret's code was used for here, so a test never sends a code the server saw already. */
const lastStep = new Map<string, number>()

/**
 * A code the server has not accepted yet: the current step's, or the next one's (the server allows one step of drift)
 * when this step's code was used; waits for the clock when both were.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const code = await unusedTotpCode(secret)
    if (code) return code
    await new Promise((ok) => setTimeout(ok, 1000))
  }
}

/** A code the server has not accepted yet, if one is valid now; null when both usable steps were used. */
export async function unusedTotpCode(secret: string): Promise<string | null> {
  const now = Math.floor(Date.now() / 1000 / PERIOD)
  const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1)
  if (step > now + 1) return null
  lastStep.set(secret, step)
  return generate({ secret, epoch: step * PERIOD })
}

/** The code of a given time (seconds), as an app with that clock would show it. */
export const totpCodeAt = (secret: string, epochSeconds: number) => generate({ secret, epoch: epochSeconds })

export interface Enrolled {
  secret: string
  recoveryCodes: string[]
}

/** Settings → Security as a user does it: set up, type a first code, keep the recovery codes. */
export async function enrolTotp(client: ApiClient): Promise<Enrolled> {
  const setup = await client.post('/api/auth/2fa/totp/setup', {})
  expect(setup.status, setup.text).toBe(200)
  const { secret } = totpSetupResponseSchema.parse(setup.json)
  const enable = await client.post('/api/auth/2fa/totp/enable', { code: await freshTotpCode(secret) })
  expect(enable.status, enable.text).toBe(200)
  return { secret, recoveryCodes: recoveryCodesResponseSchema.parse(enable.json).recoveryCodes }
}

/** Password, then a code (a fresh one unless given): the whole sign-in of an account with two-factor on. */
export async function signInWithTotp(client: ApiClient, username: string, password: string, secret: string, path = '/api/auth/login', code?: string) {
  const first = await client.post(path, { username, password })
  expect(first.status, first.text).toBe(200)
  expect(first.json).toMatchObject({ requiresTwoFactor: true })
  const second = await client.post('/api/auth/2fa/verify', { code: code ?? (await freshTotpCode(secret)) })
  expect(second.status, second.text).toBe(200)
  return second
}

/** A fresh second factor for a signed-in client (money steps then ask nothing for 5 minutes). */
export async function stepUp(client: ApiClient, secret: string): Promise<void> {
  const res = await client.post('/api/auth/2fa/step-up', { code: await freshTotpCode(secret) })
  expect(res.status, res.text).toBe(200)
}

/**
 * The demo admin (who starts without two-factor) over the API on a demo database: turned on once per server, then
 * each sign-in finishes with a code, or a recovery code when both codes valid now were used, so tests never wait.
 */
const demoAdmins = new Map<string, Promise<Enrolled>>()

/** Signs `client` in as the demo admin (turning two-factor on first, once per server); answers the admin's id. */
export async function signInDemoAdmin(client: ApiClient, password = 'handover-admin'): Promise<number> {
  let enrolled = demoAdmins.get(client.baseUrl)
  if (!enrolled) {
    enrolled = (async () => {
      const first = await client.post('/api/auth/login', { username: 'admin', password })
      expect(first.status, first.text).toBe(200)
      return enrolTotp(client)
    })()
    demoAdmins.set(client.baseUrl, enrolled)
    await enrolled
  } else {
    const { secret, recoveryCodes } = await enrolled
    const first = await client.post('/api/auth/login', { username: 'admin', password })
    expect(first.json, first.text).toMatchObject({ requiresTwoFactor: true })
    const code = await unusedTotpCode(secret)
    const recoveryCode = code ? undefined : recoveryCodes.shift()
    const second = await client.post(
      '/api/auth/2fa/verify',
      code ? { code } : recoveryCode ? { recoveryCode } : { code: await freshTotpCode(secret) },
    )
    expect(second.status, second.text).toBe(200)
  }
  const me = await client.get('/api/auth/me')
  expect(me.status, me.text).toBe(200)
  return Number(me.json.id)
}
