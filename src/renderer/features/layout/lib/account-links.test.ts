import { describe, expect, it } from 'vitest'
import { accountLinks } from './account-links'

describe('accountLinks', () => {
  it('adds the way into the admin area for an admin only', () => {
    expect(accountLinks(true).map((l) => l.to)).toContain('/admin-dashboard')
    expect(accountLinks(false).map((l) => l.to)).not.toContain('/admin-dashboard')
  })

  it('leaves Balance out for an admin, who neither buys nor sells, and keeps the other links in order', () => {
    expect(accountLinks(false).map((l) => l.to)).toEqual(['/profile', '/transactions', '/balance', '/settings'])
    expect(accountLinks(true).map((l) => l.to)).toEqual(['/profile', '/transactions', '/settings', '/admin-dashboard'])
  })
})
