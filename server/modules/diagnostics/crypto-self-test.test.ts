import { describe, expect, it } from 'vitest'
import { CRYPTO_PRIMITIVES } from '@shared/api/diagnostics'
import { CRYPTO_CHECKS } from './crypto-self-test'

describe('the crypto self-test', () => {
  it('has a known-answer check for every primitive, and each passes on this runtime', async () => {
    expect(Object.keys(CRYPTO_CHECKS).sort()).toEqual([...CRYPTO_PRIMITIVES].sort())
    for (const name of CRYPTO_PRIMITIVES) {
      await expect(CRYPTO_CHECKS[name](new AbortController().signal), name).resolves.toEqual(expect.any(String))
    }
  })
})
