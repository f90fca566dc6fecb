import { describe, expect, it } from 'vitest'
import { auditChanges, formatAuditValue } from './audit-diff'

describe('auditChanges', () => {
  it('opens nested settings down to the values that moved', () => {
    const before = { escrowFeeBps: 500, countdownDays: { youtube: 7, tiktok: 3 } }
    const after = { escrowFeeBps: 750, countdownDays: { youtube: 7, tiktok: 10 } }
    expect(auditChanges(before, after)).toEqual([
      { path: 'escrowFeeBps', before: 500, after: 750 },
      { path: 'countdownDays.tiktok', before: 3, after: 10 },
    ])
  })

  it('walks lists by position, so an edited checklist shows the steps that changed', () => {
    const before = {
      steps: [
        { title: 'Invite', description: '' },
        { title: 'Confirm', description: 'Buyer confirms' },
      ],
    }
    const after = {
      steps: [
        { title: 'Invite', description: '' },
        { title: 'Confirm access', description: 'Buyer confirms' },
        { title: 'Transfer', description: '' },
      ],
    }
    expect(auditChanges(before, after)).toEqual([
      { path: 'steps.1.title', before: 'Confirm', after: 'Confirm access' },
      { path: 'steps.2.title', before: undefined, after: 'Transfer' },
    ])
  })

  it('lists every value of an entry that records one side only', () => {
    expect(auditChanges(null, { status: 'removed', reason: 'spam' })).toEqual([
      { path: 'status', before: undefined, after: 'removed' },
      { path: 'reason', before: undefined, after: 'spam' },
    ])
    expect(auditChanges(null, null)).toEqual([])
  })
})

describe('formatAuditValue', () => {
  it('shows cents as dollars, basis points as per cent, switches as on/off and nothing as a dash', () => {
    expect(formatAuditValue('welcomeBonusCents', 2550)).toBe('$25.50')
    expect(formatAuditValue('escrowFeeBps', 750)).toBe('7.5 %')
    expect(formatAuditValue('listingApprovalRequired', false)).toBe('off')
    expect(formatAuditValue('maintenanceBanner', '')).toBe('—')
    expect(formatAuditValue('steps.2.title', undefined)).toBe('—')
    expect(formatAuditValue('reservationMinutes', 45)).toBe('45')
    expect(formatAuditValue('value', { a: 1 })).toBe('{"a":1}')
  })
})
