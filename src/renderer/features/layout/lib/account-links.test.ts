import { describe, expect, it } from 'vitest'
import { accountLinks } from './account-links'

describe('accountLinks', () => {
  it('adds the way into the admin area for an admin only', () => {
    expect(accountLinks(true).map((l) => l.to)).toContain('/admin-dashboard')
    expect(accountLinks(false).map((l) => l.to)).not.toContain('/admin-dashboard')
    expect(accountLinks(true).slice(0, accountLinks(false).length)).toEqual([...accountLinks(false)])
  })
})
