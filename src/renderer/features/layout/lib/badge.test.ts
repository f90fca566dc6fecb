import { describe, expect, it } from 'vitest'
import { unreadBadgeLabel } from './badge'

describe('unreadBadgeLabel', () => {
  it('shows nothing when nothing is unread', () => {
    expect(unreadBadgeLabel(0, false)).toBeNull()
    expect(unreadBadgeLabel(-3, true)).toBeNull()
  })

  it('caps at 99 on desktop', () => {
    expect(unreadBadgeLabel(99, false)).toBe('99')
    expect(unreadBadgeLabel(100, false)).toBe('99+')
  })

  it('caps at 9 on mobile', () => {
    expect(unreadBadgeLabel(9, true)).toBe('9')
    expect(unreadBadgeLabel(10, true)).toBe('9+')
  })
})
