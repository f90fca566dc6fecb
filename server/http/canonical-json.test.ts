import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json'

describe('canonicalJson', () => {
  it('gives the same text whatever order the keys came in, at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, { y: 2, z: 1 }] }, b: 1 }))
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}')
  })

  it('keeps arrays in their order and tells different values apart', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]))
    expect(canonicalJson({ amount: 10 })).not.toBe(canonicalJson({ amount: '10' }))
    expect(canonicalJson(undefined)).toBe('null')
  })
})
