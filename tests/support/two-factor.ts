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
    const now = Math.floor(Date.now() / 1000 / PERIOD)
    const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1)
    if (step <= now + 1) {
      lastStep.set(secret, step)
      return generate({ secret, epoch: step * PERIOD })
    }
    await new Promise((ok) => setTimeout(ok, 1000))
  }
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

/** Password, then a code: the whole sign-in of an account with two-factor on. */
export async function signInWithTotp(client: ApiClient, username: string, password: string, secret: string, path = '/api/auth/login') {
  const first = await client.post(path, { username, password })
  expect(first.status, first.text).toBe(200)
  expect(first.json).toMatchObject({ requiresTwoFactor: true })
  const second = await client.post('/api/auth/2fa/verify', { code: await freshTotpCode(secret) })
  expect(second.status, second.text).toBe(200)
  return second
}

/** A fresh second factor for a signed-in client (money steps then ask nothing for 5 minutes). */
export async function stepUp(client: ApiClient, secret: string): Promise<void> {
  const res = await client.post('/api/auth/2fa/step-up', { code: await freshTotpCode(secret) })
  expect(res.status, res.text).toBe(200)
}
