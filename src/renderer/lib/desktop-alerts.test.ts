import { describe, expect, it, vi } from 'vitest'
import type { MessageDto } from '@shared/api/conversations'
import { DESKTOP_ALERTS } from '@shared/constants'
import type { ServerEvent } from '@shared/realtime/events'
import { createDesktopAlerts, shorten } from './desktop-alerts'
import type { NotificationDto } from '@shared/api/notifications'

const ME = 1002

function message(over: Partial<MessageDto> = {}): ServerEvent {
  const m: MessageDto = {
    id: 1,
    conversationId: 7,
    content: 'Still available?',
    senderId: 1001,
    sender: { id: 1001, username: 'bob' },
    createdAt: '2026-03-01T10:02:00.000Z',
    isFromAdmin: false,
    buyerHasRead: true,
    sellerHasRead: false,
    adminHasRead: false,
    tickStatus: {},
    ...over,
  }
  return { type: 'new_message', conversationId: m.conversationId, message: m }
}

const notification = (over: Record<string, unknown> = {}): ServerEvent => ({
  type: 'new_notification',
  notification: {
    id: 3,
    type: 'transaction_updated',
    title: 'Invite sent',
    message: 'The seller sent the invite.',
    isRead: false,
    createdAt: '2026-03-01T10:02:00.000Z',
    data: { transactionId: 12 },
    ...over,
  },
})

function setup(focused = false) {
  let now = 10_000
  const state = { focused }
  const notify = vi.fn()
  const alerts = createDesktopAlerts({ notify, isFocused: () => state.focused, now: () => now })
  return { alerts, notify, state, advance: (ms: number) => (now += ms) }
}

describe('desktop alerts', () => {
  it('shows another person’s message with their name, the text and the chat route while the window is away', () => {
    const { alerts, notify } = setup()
    alerts.handleEvent(message(), ME)
    expect(notify).toHaveBeenCalledWith('bob', 'Still available?', '/chat/7')
  })

  it('stays quiet while the window has focus, for the user’s own messages and for a deal’s system lines', () => {
    const { alerts, notify, state } = setup(true)
    alerts.handleEvent(message(), ME)
    state.focused = false
    alerts.handleEvent(message({ senderId: ME, sender: { id: ME, username: 'me' } }), ME)
    alerts.handleEvent(message({ isSystem: true }), ME)
    alerts.handleEvent({ type: 'message_sent', conversationId: 7, message: (message() as Extract<ServerEvent, { type: 'new_message' }>).message }, ME)
    expect(notify).not.toHaveBeenCalled()
  })

  it('shows nothing while the user has desktop notifications off, and spends no throttle meanwhile', () => {
    const { alerts, notify } = setup()
    expect(alerts.handleEvent(message(), ME, { desktopNotifications: false })).toBeNull()
    expect(alerts.handleEvent(notification(), ME, { desktopNotifications: false })).toBeNull()
    expect(notify).not.toHaveBeenCalled()
    expect(alerts.handleEvent(message(), ME, { desktopNotifications: true })).not.toBeNull()
    expect(notify).toHaveBeenCalledTimes(1)
  })

  it('names the support desk for admin messages and cuts long text to one short line', () => {
    const { alerts, notify } = setup()
    const long = `Hello\n\n${'word '.repeat(60)}`
    alerts.handleEvent(message({ senderId: 999, sender: { id: 999, username: 'admin' }, isFromAdmin: true, content: long }), ME)
    const [title, body, route] = notify.mock.calls[0]!
    expect(title).toBe(DESKTOP_ALERTS.supportTitle)
    expect(body).toHaveLength(DESKTOP_ALERTS.bodyMaxChars)
    expect(body.startsWith('Hello word word')).toBe(true)
    expect(body.endsWith('…')).toBe(true)
    expect(route).toBe('/chat/7')
  })

  it('shows a notification with its title and text, routed where the bell would go', () => {
    const { alerts, notify, advance } = setup()
    alerts.handleEvent(notification(), ME)
    expect(notify).toHaveBeenLastCalledWith('Invite sent', 'The seller sent the invite.', '/transaction/12')
    advance(DESKTOP_ALERTS.throttleMs)
    alerts.handleEvent(notification({ type: 'balance_updated', title: 'Deposit', message: '$10 added', data: {} }), ME)
    expect(notify).toHaveBeenLastCalledWith('Deposit', '$10 added', '/balance')
    advance(DESKTOP_ALERTS.throttleMs)
    alerts.handleEvent(notification({ type: 'user_unbanned', title: 'Welcome back', message: 'Unbanned', data: {} }), ME)
    expect(notify).toHaveBeenLastCalledWith('Welcome back', 'Unbanned', '/notifications')
  })

  it('leaves chat-type notifications to the message, and ignores a notification it cannot read', () => {
    const { alerts, notify } = setup()
    alerts.handleEvent(notification({ type: 'new_message', data: { conversationId: 7 } }), ME)
    alerts.handleEvent(notification({ type: 'message_received', data: { conversationId: 7 } }), ME)
    // the socket drops such an event already; the alert reads what it shows once more all the same
    const unreadable = { id: 1, type: 'listing_approved', data: {} } as unknown as NotificationDto
    alerts.handleEvent({ type: 'new_notification', notification: unreadable }, ME)
    expect(notify).not.toHaveBeenCalled()
  })

  it('shows one alert per conversation per throttle window, and one for notifications', () => {
    const { alerts, notify, advance } = setup()
    for (let i = 0; i < 50; i++) alerts.handleEvent(message({ id: i, content: `burst ${i}` }), ME)
    alerts.handleEvent(message({ conversationId: 8, content: 'other chat' }), ME)
    for (let i = 0; i < 20; i++) alerts.handleEvent(notification({ id: 100 + i }), ME)
    expect(notify.mock.calls.map(([, body]) => body)).toEqual(['burst 0', 'other chat', 'The seller sent the invite.'])
    advance(DESKTOP_ALERTS.throttleMs - 1)
    alerts.handleEvent(message({ content: 'too soon' }), ME)
    advance(1)
    alerts.handleEvent(message({ content: 'next window' }), ME)
    expect(notify.mock.calls.map(([, body]) => body).slice(3)).toEqual(['next window'])
  })
})

describe('shorten', () => {
  it('keeps short text, folds whitespace and marks a cut', () => {
    expect(shorten('  a\n b  ', 10)).toBe('a b')
    expect(shorten('abcdefghij', 10)).toBe('abcdefghij')
    expect(shorten('abcdefghijk', 10)).toBe('abcdefghi…')
  })
})
