import { describe, expect, it } from 'vitest'
import { canEdit, statusCounts, statusNote } from './listing-status'

describe('own listing status', () => {
  it('offers the edit form only where the server accepts edits', () => {
    expect(canEdit({ status: 'active' })).toBe(true)
    expect(canEdit({ status: 'pending_review' })).toBe(true)
    expect(canEdit({ status: 'suspended' })).toBe(true)
    for (const status of ['reserved', 'sold', 'removed'] as const) expect(canEdit({ status }), status).toBe(false)
  })

  it('explains a suspension or a rejection, and nothing else', () => {
    expect(statusNote({ status: 'suspended', rejectionReason: 'Fake followers' })).toBe('Suspended: Fake followers')
    expect(statusNote({ status: 'removed', rejectionReason: 'Duplicate' })).toBe('Not approved: Duplicate')
    expect(statusNote({ status: 'removed', rejectionReason: null })).toBeNull()
    expect(statusNote({ status: 'active', rejectionReason: null })).toBeNull()
  })

  it('counts listings per status in a fixed order, leaving out empty ones', () => {
    expect(statusCounts([{ status: 'sold' }, { status: 'active' }, { status: 'sold' }, { status: 'pending_review' }])).toEqual([
      { status: 'active', count: 1 },
      { status: 'pending_review', count: 1 },
      { status: 'sold', count: 2 },
    ])
  })
})
