import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { CryptoPrimitive } from '@shared/api/diagnostics'
import { verifyPassword } from '../auth/passwords'
import type { Check } from './run-check'

/**
 * Known-answer tests of the cryptography Handover relies on: session ids and reset tokens are SHA-256 of random
 * bytes, verification codes and checkout tokens HMAC-SHA256, webhook credentials a constant-time compare, and
 * passwords argon2id. A primitive that answers wrongly (a broken native build, a FIPS provider refusing an
 * algorithm) fails here before it fails a sign-in.
 */

/** FIPS 180-2, appendix B.1: SHA-256("abc"). */
const SHA256_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
/** RFC 4231, test case 2. */
const HMAC_CASE = {
  key: 'Jefe',
  data: 'what do ya want for nothing?',
  mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
}
/** Made once with the sign-up's own parameters (argon2id, 19 MiB, 2 passes, 1 lane). */
const ARGON2_CASE = {
  password: 'handover known-answer test',
  hash: '$argon2id$v=19$m=19456,p=1,t=2$oRUw8AjaQPd32M5m5i0wrA$HKz4M5ZcraKjj8uUYBb03yLj8aXlETbO+s+vG02GAoM',
}

function expectEqual(actual: string, expected: string, what: string): void {
  if (actual !== expected) throw new Error(`${what} gave a wrong answer`)
}

export const CRYPTO_CHECKS: Record<CryptoPrimitive, Check> = {
  async random() {
    const a = randomBytes(32)
    const b = randomBytes(32)
    if (a.equals(b) || a.every((byte) => byte === 0)) throw new Error('randomBytes repeated itself or drew zeros')
    const code = randomInt(0, 1_000_000)
    if (!Number.isInteger(code) || code < 0 || code >= 1_000_000) throw new Error('randomInt left its range')
    return 'Two draws of 32 bytes differ; a 6-digit code stays in range'
  },
  async sha256() {
    expectEqual(createHash('sha256').update('abc').digest('hex'), SHA256_ABC, 'SHA-256')
    return 'SHA-256("abc") matches FIPS 180-2'
  },
  async 'hmac-sha256'() {
    expectEqual(createHmac('sha256', HMAC_CASE.key).update(HMAC_CASE.data).digest('hex'), HMAC_CASE.mac, 'HMAC-SHA256')
    return 'HMAC-SHA256 matches RFC 4231 test case 2'
  },
  async 'timing-safe-compare'() {
    const same = timingSafeEqual(Buffer.from('handover'), Buffer.from('handover'))
    const different = timingSafeEqual(Buffer.from('handover'), Buffer.from('handovea'))
    if (!same || different) throw new Error('timingSafeEqual compared wrongly')
    return 'Equal and unequal buffers compare as they should'
  },
  async argon2id() {
    if (!(await verifyPassword(ARGON2_CASE.hash, ARGON2_CASE.password))) throw new Error('argon2id refused the known password')
    if (await verifyPassword(ARGON2_CASE.hash, `${ARGON2_CASE.password}!`)) throw new Error('argon2id accepted a wrong password')
    return 'A known argon2id hash (19 MiB, 2 passes) accepts its password and refuses another'
  },
}
