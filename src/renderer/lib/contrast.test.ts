import { describe, expect, it } from 'vitest'
import { contrastRatio, darkenForWhiteText, luminance } from './contrast'

describe('contrast', () => {
  it('computes WCAG luminance and ratios', () => {
    expect(luminance('#000000')).toBe(0)
    expect(luminance('#ffffff')).toBeCloseTo(1)
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21)
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21)
    // the figures axe reported for white on these brand colours
    expect(contrastRatio('#ffffff', '#ff0033')).toBeCloseTo(3.96, 2)
    expect(contrastRatio('#ffffff', '#229ed9')).toBeCloseTo(3.02, 2)
  })

  it('darkens a colour just enough for white text, and leaves a dark one alone', () => {
    for (const brand of ['#ff0033', '#1877f2', '#229ed9', '#34e0a1']) {
      expect(contrastRatio('#ffffff', brand), brand).toBeLessThan(4.5)
      const darker = darkenForWhiteText(brand)
      expect(contrastRatio('#ffffff', darker), brand).toBeGreaterThanOrEqual(4.5)
      // one step lighter would not do: no more darkening than needed
      expect(contrastRatio('#ffffff', darker), brand).toBeLessThan(4.75)
    }
    expect(darkenForWhiteText('#7c3aed')).toBe('#7c3aed')
    expect(darkenForWhiteText('#111111')).toBe('#111111')
    expect(darkenForWhiteText('#0A1128')).toBe('#0a1128')
    expect(() => darkenForWhiteText('red')).toThrow(/#rrggbb/)
  })
})
