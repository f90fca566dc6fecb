import { describe, expect, it } from 'vitest'
import { nestedDeeperThan } from './body-depth'

const arrays = (depth: number): unknown => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('body depth', () => {
  it('counts arrays and objects, not scalars, and stops at the bound', () => {
    expect(nestedDeeperThan(1, 0)).toBe(false)
    expect(nestedDeeperThan(null, 0)).toBe(false)
    expect(nestedDeeperThan({}, 0)).toBe(true)
    expect(nestedDeeperThan(arrays(3), 3)).toBe(false)
    expect(nestedDeeperThan(arrays(4), 3)).toBe(true)
    expect(nestedDeeperThan({ a: 'x', b: [{ c: [1] }] }, 4)).toBe(false)
    expect(nestedDeeperThan({ a: 'x', b: [{ c: [[1]] }] }, 4)).toBe(true)
  })

  it('finds the one deep branch among shallow ones, however deep it goes', () => {
    expect(nestedDeeperThan({ shallow: [1, 2], deep: arrays(200_000) }, 32)).toBe(true)
    expect(nestedDeeperThan([{ a: 1 }, { b: [arrays(29)] }], 32)).toBe(false)
    expect(nestedDeeperThan([{ a: 1 }, { b: [arrays(30)] }], 32)).toBe(true)
  })
})
