import { describe, expect, it } from 'vitest'
import { cardDollars, dollars } from './figures'

describe('cardDollars', () => {
  it('keeps the cents below $100,000 and drops them above, where the card is too narrow for them', () => {
    expect(cardDollars(99_999.99)).toBe('$99,999.99')
    expect(cardDollars(0)).toBe('$0.00')
    expect(cardDollars(100_000)).toBe('$100,000')
    expect(cardDollars(3_928_126.4)).toBe('$3,928,126')
    expect(cardDollars(3_928_126.5)).toBe('$3,928,127')
    expect(dollars(3_928_126)).toBe('$3,928,126.00')
  })
})
