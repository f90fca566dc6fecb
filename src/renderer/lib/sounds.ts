import { DEFAULT_PREFERENCES, type UserPreferences } from '@shared/api/preferences'
import { ADMIN_SENDER_ID, SOUNDS } from '@shared/constants'
import type { ServerEvent } from '@shared/realtime/events'

/**
 * The app's sounds (SPEC §9): the notification chime at 0.6, the purchase sound at 0.7. New messages
 * ring the chime too, at most once per 2 s; notifications at most once per 500 ms. For 5 s after the
 * user's own purchase, notifications stay silent: the purchase makes several at once and the user is
 * watching it happen. Admin messages (sender 999) never ring (SPEC §6). The same code runs in the
 * desktop app, whose native notifications are silent so that these play instead. The user's preferences
 * (settings: message sound, notification sound) are read at each event, so a change applies at once.
 */

export type SoundName = 'notification' | 'purchase'
type Channel = 'message' | 'notification' | 'purchase'

const THROTTLE_MS: Record<Channel, number> = {
  message: SOUNDS.messageThrottleMs,
  notification: SOUNDS.notificationThrottleMs,
  purchase: SOUNDS.notificationThrottleMs,
}

/** The preferences the sound layer follows; the stored ones, or all on until they are known. */
export type SoundPreferences = Pick<UserPreferences, 'messageSound' | 'notificationSound'>

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {})

/** Which sound a notification calls for: the purchase sound for an escrow fee credited, none for chat. */
export function soundForNotification(notification: unknown): SoundName | null {
  const { type, data } = record(notification)
  if (type === 'new_message' || type === 'message_received') return null // the message itself rings
  if ((type === 'balance_update' || type === 'balance_updated') && record(data).type === 'escrow_fee') return 'purchase'
  return 'notification'
}

/** Messages from the admin (999 or isFromAdmin) and from the user's own other tabs are silent. */
export function messageRings(message: unknown, ownUserId: number): boolean {
  const m = record(message)
  const senderId = typeof m.senderId === 'number' ? m.senderId : record(m.sender).id
  if (typeof senderId !== 'number') return false
  return m.isFromAdmin !== true && senderId !== ADMIN_SENDER_ID && senderId !== ownUserId
}

export interface SoundLayerDeps {
  play: (sound: SoundName) => void
  now?: () => number
}

export interface SoundLayer {
  /**
   * Plays what a live event calls for (new_notification, new_message), unless the preferences silence that kind;
   * answers the sound played, or null.
   */
  handleEvent(event: ServerEvent, ownUserId: number, preferences?: SoundPreferences): SoundName | null
  onNotification(notification: unknown): SoundName | null
  onMessage(message: unknown, ownUserId: number): SoundName | null
  /** The user just bought something: notification sounds pause for 5 s. */
  markOwnPurchase(): void
}

export function createSoundLayer({ play, now = Date.now }: SoundLayerDeps): SoundLayer {
  const lastPlayed = new Map<Channel, number>()
  let quietUntil = -Infinity

  function ring(channel: Channel, sound: SoundName): SoundName | null {
    const at = now()
    const last = lastPlayed.get(channel)
    if (last !== undefined && at - last < THROTTLE_MS[channel]) return null
    lastPlayed.set(channel, at)
    play(sound)
    return sound
  }

  const layer: SoundLayer = {
    handleEvent(event, ownUserId, preferences = DEFAULT_PREFERENCES) {
      // a silenced kind spends no throttle: turned back on, it rings at the next event
      if (event.type === 'new_message') return preferences.messageSound ? layer.onMessage(event.message, ownUserId) : null
      if (event.type === 'new_notification') return preferences.notificationSound ? layer.onNotification(event.notification) : null
      return null
    },
    onNotification(notification) {
      const sound = soundForNotification(notification)
      if (sound === null || now() < quietUntil) return null
      return ring(sound, sound)
    },
    onMessage(message, ownUserId) {
      return messageRings(message, ownUserId) ? ring('message', 'notification') : null
    },
    markOwnPurchase() {
      quietUntil = now() + SOUNDS.suppressAfterOwnPurchaseMs
    },
  }
  return layer
}

/** Plays a sound file; a refused autoplay, a missing file or no audio support stays silent. */
export function playAudio(sound: SoundName): void {
  if (typeof Audio === 'undefined') return
  try {
    const audio = new Audio(SOUNDS[sound].src)
    audio.volume = SOUNDS[sound].volume
    audio.play()?.catch(() => {})
  } catch {
    // no audio output at all: nothing to do
  }
}

/** The app's one sound layer, fed by the live connection. */
export const sounds: SoundLayer = createSoundLayer({ play: playAudio })

/** For the purchase flow to call once the user's own purchase succeeds. */
export function markOwnPurchase(): void {
  sounds.markOwnPurchase()
}
