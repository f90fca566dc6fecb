import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30
/** ±1 step: a phone's clock a little off still works, and nothing older than a minute does. */
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS

export interface TotpCheck {
  ok: boolean
  /** the step the code belongs to, to refuse it (and every older one) from now on */
  step?: number
}

export const newTotpSecret = (): string => generateSecret()

export function totpUri(secret: string, accountName: string, issuer: string): string {
  return generateURI({ issuer, label: accountName, secret })
}

/**
 * A code is right for the current step or one step either side, and only for a step after `afterStep`, so a code
 * that worked once (or any older one) is refused for the rest of its window.
 */
export async function checkTotp(secret: string, code: string, afterStep: number | null, now = Date.now()): Promise<TotpCheck> {
  const currentStep = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS)
  // otplib refuses (throws on) a floor past the steps it would look at: such a floor means every code is used up
  if (afterStep !== null && afterStep >= currentStep + 1) return { ok: false }
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null)
  return result?.valid && 'timeStep' in result ? { ok: true, step: result.timeStep } : { ok: false }
}

/**
 * The secret at rest: AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the database alone does not
 * give anyone's codes. Rotating SESSION_SECRET therefore also turns every authenticator app off (recovery codes,
 * kept as keyed hashes under the same secret, stop working too): docs/operations.md says so.
 */
export function createSealer(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'handover', 'totp secret at rest', 32))
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.')
    },
    open(sealed: string): string {
      const [version, iv, body, tag] = sealed.split('.')
      if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
export type Sealer = ReturnType<typeof createSealer>
