import { describe, expect, it } from 'vitest'
import { NUL_MESSAGE, SURROGATE_MESSAGE, unstorableText } from './nul-guard'

describe('text no field can store', () => {
  it('finds a NUL or half a surrogate pair in any string or key, however deep', () => {
    expect(unstorableText({ a: ['ok', { b: 'x\u0000y' }] })).toBe(NUL_MESSAGE)
    expect(unstorableText({ ['k\u0000']: 1 })).toBe(NUL_MESSAGE)
    for (const half of ['\ud800', 'a\udbff', '\udc00b', '\udfff\ud800', 'x\ud83d y']) {
      expect(unstorableText({ reason: half }), JSON.stringify(half)).toBe(SURROGATE_MESSAGE)
      expect(unstorableText([{ [half]: 'v' }]), JSON.stringify(half)).toBe(SURROGATE_MESSAGE)
    }
    let deep: unknown = 'end\ud800'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(unstorableText(deep)).toBe(SURROGATE_MESSAGE)
  })

  it('takes whole characters of every plane, emoji and their joiners included', () => {
    expect(unstorableText({ note: 'Refunded 😀 👩‍👩‍👧 𝄞 ünïcödé \u200b \u202e', n: 1, ok: true, none: null, list: ['\ud83d\ude00'] })).toBeNull()
    expect(unstorableText('')).toBeNull()
    expect(unstorableText(undefined)).toBeNull()
  })
})
