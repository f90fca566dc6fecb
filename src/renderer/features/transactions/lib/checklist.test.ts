import { describe, expect, it } from 'vitest'
import type { ChecklistStepDto } from '@shared/api/transactions'
import { checklistProgress, stepState, tickFor } from './checklist'

const step = (overrides: Partial<ChecklistStepDto> = {}): ChecklistStepDto => ({
  id: 1,
  title: 'Invite',
  description: '',
  sellerDoneAt: null,
  buyerConfirmedAt: null,
  ...overrides,
})
const done = '2026-03-01T10:00:00.000Z'

describe('checklist ticks', () => {
  it('the seller marks a step done, then the buyer confirms it', () => {
    expect(tickFor(step(), { status: 'fee_paid', viewerRole: 'seller' })).toBe('mark_done')
    expect(tickFor(step(), { status: 'fee_paid', viewerRole: 'buyer' })).toBeNull()
    expect(tickFor(step({ sellerDoneAt: done }), { status: 'invite_sent', viewerRole: 'buyer' })).toBe('confirm')
    expect(tickFor(step({ sellerDoneAt: done }), { status: 'invite_sent', viewerRole: 'seller' })).toBeNull()
    expect(tickFor(step({ sellerDoneAt: done, buyerConfirmedAt: done }), { status: 'invite_sent', viewerRole: 'buyer' })).toBeNull()
  })

  it('takes no ticks outside the funded statuses or from an admin', () => {
    expect(tickFor(step(), { status: 'pending', viewerRole: 'seller' })).toBeNull()
    expect(tickFor(step(), { status: 'disputed', viewerRole: 'seller' })).toBeNull()
    expect(tickFor(step(), { status: 'completed', viewerRole: 'seller' })).toBeNull()
    expect(tickFor(step(), { status: 'fee_paid', viewerRole: 'admin' })).toBeNull()
  })

  it('says where each step and the whole list stand', () => {
    expect(stepState(step())).toBe('waiting_seller')
    expect(stepState(step({ sellerDoneAt: done }))).toBe('waiting_buyer')
    expect(stepState(step({ sellerDoneAt: done, buyerConfirmedAt: done }))).toBe('confirmed')
    expect(checklistProgress([step({ buyerConfirmedAt: done }), step({ id: 2 })])).toBe('1 of 2 confirmed')
  })
})
