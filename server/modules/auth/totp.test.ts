import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import { checkTotp, createSealer, newTotpSecret, TOTP_PERIOD_SECONDS } from './totp'

const NOW = Date.UTC(2026, 11, 2, 12, 0, 10)
const codeAt = (secret: string, offsetSteps: number) => generate({ secret, epoch: Math.floor(NOW / 1000) + offsetSteps * TOTP_PERIOD_SECONDS })

describe('checkTotp', () => {
  const secret = newTotpSecret()

  it('takes the current step and one step either side, and nothing further', async () => {
    for (const offset of [-1, 0, 1]) expect((await checkTotp(secret, await codeAt(secret, offset), null, NOW)).ok, `step ${offset}`).toBe(true)
    for (const offset of [-3, -2, 2, 3]) expect((await checkTotp(secret, await codeAt(secret, offset), null, NOW)).ok, `step ${offset}`).toBe(false)
  })

  it('names the step a code belongs to, and refuses that step and older ones after it', async () => {
    const current = Math.floor(NOW / 1000 / TOTP_PERIOD_SECONDS)
    const first = await checkTotp(secret, await codeAt(secret, 0), null, NOW)
    expect(first).toEqual({ ok: true, step: current })
    expect((await checkTotp(secret, await codeAt(secret, 0), current, NOW)).ok).toBe(false)
    expect((await checkTotp(secret, await codeAt(secret, -1), current, NOW)).ok).toBe(false)
    expect(await checkTotp(secret, await codeAt(secret, 1), current, NOW)).toEqual({ ok: true, step: current + 1 })
    // every usable step used: refused, not thrown
    expect((await checkTotp(secret, await codeAt(secret, 1), current + 1, NOW)).ok).toBe(false)
  })

  it("refuses another secret's code and garbage", async () => {
    expect((await checkTotp(secret, await codeAt(newTotpSecret(), 0), null, NOW)).ok).toBe(false)
    expect((await checkTotp(secret, 'abcdef', null, NOW)).ok).toBe(false)
  })
})

describe('the sealer', () => {
  it('opens what it sealed, under the same secret only, and never keeps the plain text', () => {
    const sealer = createSealer('s'.repeat(40))
    const sealed = sealer.seal('JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(sealer.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed)
    expect(sealer.open(sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => createSealer('t'.repeat(40)).open(sealed)).toThrow()
    const [v, iv, body, tag] = sealed.split('.')
    expect(() => sealer.open([v, iv, `${body}A`, tag].join('.'))).toThrow()
  })
})
