import { describe, expect, it } from 'vitest'
import { pageCount, pageItems, showingText } from './pagination'

describe('showingText', () => {
  it('shows the range of the current page', () => {
    expect(showingText(1, 28, 120)).toBe('Showing 1-28 of 120 accounts')
    expect(showingText(2, 28, 120)).toBe('Showing 29-56 of 120 accounts')
  })

  it('ends the last page at the total', () => {
    expect(showingText(5, 28, 120)).toBe('Showing 113-120 of 120 accounts')
    expect(showingText(1, 28, 1)).toBe('Showing 1-1 of 1 account')
  })

  it('says 0-0 when there is nothing', () => {
    expect(showingText(1, 28, 0)).toBe('Showing 0-0 of 0 accounts')
    expect(showingText(3, 28, 12)).toBe('Showing 0-0 of 12 accounts')
  })
})

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(0, 28)).toBe(1)
    expect(pageCount(28, 28)).toBe(1)
    expect(pageCount(29, 28)).toBe(2)
  })
})

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps first, last and neighbours of the current page, with gaps between', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20])
  })

  it('widens the window near either edge', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20])
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20])
  })

  it('shows a single hidden page instead of a gap', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20])
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20])
  })
})
