// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SOUNDS } from '@shared/constants'
import { createSoundLayer, playAudio, soundForNotification, type SoundName } from './sounds'
import type { NotificationDto, NotificationType } from '@shared/api/notifications'
import { makeNotification } from './notification-fixture'

const OWN_ID = 1001
const notification = (type: NotificationType, data: NotificationDto['data'] = {}) => makeNotification(type, { data })
const message = (senderId: number, extra: Record<string, unknown> = {}) => ({ id: 1, content: 'hi', senderId, isFromAdmin: false, ...extra })

function setup() {
  const played: SoundName[] = []
  const layer = createSoundLayer({ play: (sound) => played.push(sound) })
  return { layer, played }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('which sound a notification calls for', () => {
  it('plays the purchase sound for an escrow fee credited, under either spelling of the type', () => {
    expect(soundForNotification(notification('balance_update', { type: 'escrow_fee' }))).toBe('purchase')
    expect(soundForNotification(notification('balance_updated', { type: 'escrow_fee' }))).toBe('purchase')
  })

  it('plays the chime for everything else, and nothing for chat notifications', () => {
    expect(soundForNotification(notification('balance_update', { type: 'deposit' }))).toBe('notification')
    expect(soundForNotification(notification('transaction_created', { type: 'escrow_fee' }))).toBe('notification')
    expect(soundForNotification(notification('listing_approved'))).toBe('notification')
    expect(soundForNotification(notification('new_message'))).toBeNull()
    expect(soundForNotification(notification('message_received'))).toBeNull()
  })
})

describe('sound layer', () => {
  it('routes live events: new_notification and new_message ring, other events do not', () => {
    const { layer, played } = setup()
    expect(layer.handleEvent({ type: 'new_notification', notification: notification('listing_approved') }, OWN_ID)).toBe('notification')
    vi.advanceTimersByTime(SOUNDS.messageThrottleMs)
    expect(layer.handleEvent({ type: 'balance_updated', balance: '20.00' }, OWN_ID)).toBeNull()
    expect(layer.handleEvent({ type: 'notification_read_all', unreadCount: 0 }, OWN_ID)).toBeNull()
    expect(layer.onMessage(message(1002), OWN_ID)).toBe('notification')
    expect(played).toEqual(['notification', 'notification'])
  })

  it('throttles notification sounds to one per 500 ms', () => {
    const { layer, played } = setup()
    expect(layer.onNotification(notification('listing_approved'))).toBe('notification')
    vi.advanceTimersByTime(SOUNDS.notificationThrottleMs - 1)
    expect(layer.onNotification(notification('listing_approved'))).toBeNull()
    vi.advanceTimersByTime(1)
    expect(layer.onNotification(notification('listing_approved'))).toBe('notification')
    expect(played).toEqual(['notification', 'notification'])
  })

  it('throttles message sounds to one per 2 s, apart from the notification throttle', () => {
    const { layer, played } = setup()
    expect(layer.onMessage(message(1002), OWN_ID)).toBe('notification')
    expect(layer.onNotification(notification('listing_approved'))).toBe('notification')
    vi.advanceTimersByTime(SOUNDS.messageThrottleMs - 1)
    expect(layer.onMessage(message(1003), OWN_ID)).toBeNull()
    vi.advanceTimersByTime(1)
    expect(layer.onMessage(message(1003), OWN_ID)).toBe('notification')
    expect(played).toHaveLength(3)
  })

  it('does not let a chime swallow the purchase sound right after it', () => {
    const { layer, played } = setup()
    layer.onNotification(notification('transaction_created'))
    vi.advanceTimersByTime(100)
    expect(layer.onNotification(notification('balance_update', { type: 'escrow_fee' }))).toBe('purchase')
    expect(played).toEqual(['notification', 'purchase'])
  })

  it("keeps notifications silent for 5 s after the user's own purchase, but not messages", () => {
    const { layer, played } = setup()
    layer.markOwnPurchase()
    expect(layer.onNotification(notification('transaction_created'))).toBeNull()
    expect(layer.onNotification(notification('balance_update', { type: 'escrow_fee' }))).toBeNull()
    expect(layer.onMessage(message(1002), OWN_ID)).toBe('notification')
    vi.advanceTimersByTime(SOUNDS.suppressAfterOwnPurchaseMs - 1)
    expect(layer.onNotification(notification('transaction_created'))).toBeNull()
    vi.advanceTimersByTime(1)
    expect(layer.onNotification(notification('transaction_created'))).toBe('notification')
    expect(played).toEqual(['notification', 'notification'])
  })

  it("never rings for the admin (sender 999 or isFromAdmin) or for the user's own messages", () => {
    const { layer, played } = setup()
    expect(layer.onMessage(message(999), OWN_ID)).toBeNull()
    expect(layer.onMessage(message(1002, { isFromAdmin: true }), OWN_ID)).toBeNull()
    expect(layer.onMessage({ id: 1, content: 'hi', sender: { id: 999 } }, OWN_ID)).toBeNull()
    expect(layer.onMessage(message(OWN_ID), OWN_ID)).toBeNull()
    expect(layer.onMessage({ id: 1, content: 'who sent this?' }, OWN_ID)).toBeNull()
    expect(played).toEqual([])
    // nothing above used up the throttle
    expect(layer.onMessage({ id: 2, content: 'hi', sender: { id: 1002 } }, OWN_ID)).toBe('notification')
  })

  it('follows the message and notification sound preferences, each on its own, without spending the throttle while off', () => {
    const { layer, played } = setup()
    const approved = { type: 'new_notification', notification: notification('listing_approved') } as const
    const sale = { type: 'new_notification', notification: notification('balance_updated', { type: 'escrow_fee' }) } as const
    const chat = { type: 'new_message', conversationId: 7, message: message(1002) } as unknown as Parameters<typeof layer.handleEvent>[0]
    const quiet = { messageSound: false, notificationSound: false }
    expect(layer.handleEvent(approved, OWN_ID, quiet)).toBeNull()
    expect(layer.handleEvent(sale, OWN_ID, quiet)).toBeNull()
    expect(layer.handleEvent(chat, OWN_ID, quiet)).toBeNull()
    expect(played).toEqual([])
    // only messages silenced: notifications and the purchase sound still ring
    expect(layer.handleEvent(chat, OWN_ID, { messageSound: false, notificationSound: true })).toBeNull()
    expect(layer.handleEvent(approved, OWN_ID, { messageSound: false, notificationSound: true })).toBe('notification')
    expect(layer.handleEvent(sale, OWN_ID, { messageSound: false, notificationSound: true })).toBe('purchase')
    // only notifications silenced: a message rings, and rang at once since nothing spent its throttle before
    expect(layer.handleEvent(chat, OWN_ID, { messageSound: true, notificationSound: false })).toBe('notification')
    expect(played).toEqual(['notification', 'purchase', 'notification'])
    // without preferences (not loaded yet) everything is on
    vi.advanceTimersByTime(SOUNDS.messageThrottleMs)
    expect(layer.handleEvent(chat, OWN_ID)).toBe('notification')
  })
})

describe('playAudio', () => {
  function stubAudio(play: () => Promise<void> | undefined) {
    const created: { src: string; volume: number }[] = []
    vi.stubGlobal(
      'Audio',
      class {
        volume = 1
        constructor(readonly src: string) {
          created.push(this)
        }
        play = play
      },
    )
    return created
  }

  it('plays each file at its volume', () => {
    const created = stubAudio(() => Promise.resolve())
    playAudio('notification')
    playAudio('purchase')
    expect(created.map(({ src, volume }) => ({ src, volume }))).toEqual([
      { src: '/sounds/notification.mp3', volume: 0.6 },
      { src: '/sounds/purchase.mp3', volume: 0.7 },
    ])
  })

  it('swallows a refused autoplay and a throwing player', () => {
    const rejected = Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'))
    stubAudio(() => rejected)
    expect(() => playAudio('notification')).not.toThrow()
    stubAudio(() => {
      throw new Error('no audio device')
    })
    expect(() => playAudio('notification')).not.toThrow()
  })
})
