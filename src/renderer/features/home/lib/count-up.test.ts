import { describe, expect, it } from 'vitest'
import { COUNT_UP_STEP_MS, countUpValue } from './count-up'

describe('countUpValue', () => {
  it('climbs from the start to the target in 50 even, whole steps', () => {
    expect(countUpValue(0, 1000, 0)).toBe(0)
    expect(countUpValue(0, 1000, 1)).toBe(20)
    expect(countUpValue(0, 1000, 25)).toBe(500)
    expect(countUpValue(0, 1000, 49)).toBe(980)
    expect(countUpValue(0, 1000, 50)).toBe(1000)
    expect(countUpValue(0, 216, 17)).toBe(73)
  })

  it('never passes the target and never goes back', () => {
    const values = Array.from({ length: 51 }, (_, step) => countUpValue(0, 541, step))
    expect(values.at(-1)).toBe(541)
    expect(values.every((value, i) => i === 0 || value >= values[i - 1]!)).toBe(true)
    expect(countUpValue(0, 541, 70)).toBe(541)
  })

  it('moves on from the shown value when the figure changes', () => {
    expect(countUpValue(200, 300, 10)).toBe(220)
    expect(countUpValue(300, 250, 25)).toBe(275)
  })

  it('takes 2 s in all', () => {
    expect(COUNT_UP_STEP_MS * 50).toBe(2000)
  })
})
