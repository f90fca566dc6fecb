import { describe, expect, it } from 'vitest'
import type { NotificationDto, NotificationType } from '@shared/api/notifications'
import { banReasonOf, dropdownNotifications, NOTIFICATION_FILTER_TYPES, notificationTarget, typesForFilter } from './notification-display'

const note = (type: NotificationType, data: NotificationDto['data'] = {}, id = 1): NotificationDto => ({
  id,
  type,
  title: type,
  message: '',
  isRead: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  data,
})

describe('notificationTarget', () => {
  it('opens the conversation for chat, the deal for money, the listing otherwise', () => {
    expect(notificationTarget(note('new_message', { conversationId: 4, transactionId: 9 }))).toBe('/chat/4')
    expect(notificationTarget(note('message_received'))).toBe('/messages')
    expect(notificationTarget(note('transaction_created', { transactionId: 9, accountId: 3 }))).toBe('/transaction/9')
    expect(notificationTarget(note('escrow_payment_released', { transactionId: 9, conversationId: 4 }))).toBe('/transaction/9')
    expect(notificationTarget(note('balance_update', { type: 'escrow_fee' }))).toBe('/balance')
    expect(notificationTarget(note('refund_processed', { transactionId: 2 }))).toBe('/transaction/2')
    expect(notificationTarget(note('listing_approved', { accountId: 3 }))).toBe('/listing/3')
    expect(notificationTarget(note('buyer_confirmed_payment', { conversationId: 4 }))).toBe('/chat/4')
  })

  it('opens the settings for a security notice', () => {
    expect(notificationTarget(note('new_sign_in'))).toBe('/settings')
    expect(notificationTarget(note('account_locked'))).toBe('/settings')
  })

  it('has nowhere to go when the data names no page', () => {
    expect(notificationTarget(note('user_banned', { banReason: 'Spam' }))).toBeNull()
    expect(notificationTarget(note('account_verified'))).toBeNull()
  })
})

describe('dropdownNotifications', () => {
  it('keeps the newest non-chat ones, at most the cap', () => {
    const items = [
      note('new_message', {}, 1),
      ...Array.from({ length: 9 }, (_, i) => note('listing_approved', {}, i + 2)),
      note('message_received', {}, 11),
    ]
    expect(dropdownNotifications(items, 8).map((n) => n.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
  })
})

describe('banReasonOf', () => {
  it('shows the reason only for user_banned, and only when there is one', () => {
    expect(banReasonOf(note('user_banned', { banReason: '  Fraud  ' }))).toBe('Fraud')
    expect(banReasonOf(note('user_banned', { banReason: ' ' }))).toBeNull()
    expect(banReasonOf(note('listing_suspended', { banReason: 'Fraud' }))).toBeNull()
  })
})

describe('type filter', () => {
  it('offers balance_updated once, standing for both spellings', () => {
    expect(NOTIFICATION_FILTER_TYPES).toContain('balance_updated')
    expect(NOTIFICATION_FILTER_TYPES).not.toContain('balance_update')
    expect(typesForFilter('balance_updated')).toEqual(['balance_updated', 'balance_update'])
    expect(typesForFilter('user_banned')).toEqual(['user_banned'])
  })
})
