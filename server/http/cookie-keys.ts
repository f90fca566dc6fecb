import { createHmac, timingSafeEqual } from 'node:crypto'

/** What the cookies library asks of its keys (Keygrip's interface): sign with the first, check against each. */
export interface CookieKeys {
  sign(data: string): string
  verify(data: string, digest: string): boolean
  index(data: string, digest: string): number
}

/**
 * The signed cookies' keys, made once for the app. Koa hands an array of keys to a new Keygrip on every request, and
 * Keygrip compares digests with tsscmp, which draws random bytes and computes two more HMACs per comparison; this
 * signs the same (HMAC-SHA1, base64url, as Keygrip writes it) and compares with crypto's constant-time check.
 */
export function cookieKeys(keys: readonly string[]): CookieKeys {
  if (keys.length === 0) throw new Error('Signed cookies need a key')
  const sign = (data: string, key: string) => createHmac('sha1', key).update(data).digest('base64url')
  return {
    sign: (data) => sign(data, keys[0]!),
    verify(data, digest) {
      return this.index(data, digest) > -1
    },
    index(data, digest) {
      const given = Buffer.from(digest)
      return keys.findIndex((key) => {
        const expected = Buffer.from(sign(data, key))
        return given.length === expected.length && timingSafeEqual(given, expected)
      })
    },
  }
}
