import Keygrip from 'keygrip'
import { describe, expect, it } from 'vitest'
import { cookieKeys } from './cookie-keys'

describe('cookieKeys', () => {
  it('signs as Keygrip does, so the cookies already out there stay valid', () => {
    const ours = cookieKeys(['first secret', 'older secret'])
    const theirs = new Keygrip(['first secret', 'older secret'])
    for (const data of ['handover.sid=abc', 'handover.sid=' + 'x'.repeat(200), 'a=/+=?']) {
      expect(ours.sign(data)).toBe(theirs.sign(data))
    }
  })

  it('finds the key a digest was made with, and refuses a digest changed, cut short or made with another key', () => {
    const keys = cookieKeys(['new', 'old'])
    const byOld = cookieKeys(['old']).sign('handover.sid=abc')
    expect(keys.index('handover.sid=abc', keys.sign('handover.sid=abc'))).toBe(0)
    expect(keys.index('handover.sid=abc', byOld)).toBe(1)
    expect(keys.verify('handover.sid=abc', byOld)).toBe(true)
    const digest = keys.sign('handover.sid=abc')
    const changed = (digest[0] === 'A' ? 'B' : 'A') + digest.slice(1)
    for (const wrong of [changed, digest.slice(0, -1), '', cookieKeys(['other']).sign('handover.sid=abc')]) {
      expect(keys.index('handover.sid=abc', wrong)).toBe(-1)
      expect(keys.verify('handover.sid=abc', wrong)).toBe(false)
    }
    expect(keys.verify('handover.sid=abd', digest)).toBe(false)
  })

  it('needs a key', () => {
    expect(() => cookieKeys([])).toThrow('Signed cookies need a key')
  })
})
