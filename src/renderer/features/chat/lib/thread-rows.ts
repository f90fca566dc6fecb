import type { ChatMessage } from './message-cache'

/** What the virtual list draws: a day separator, or a message. */
export type ThreadRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; /** the same sender wrote the row above, on the same day */ continued: boolean }

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`

/** "Today", "Yesterday", else "Mon, Mar 3" (with the year when it is not this one), in the viewer's time zone. */
export function dayLabel(date: Date, now: Date = new Date()): string {
  if (dayKey(date) === dayKey(now)) return 'Today'
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday'
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  })
}

/** A message's key outlives its optimistic copy: the clientId when it has one, so sending does not remount the row. */
export const messageKey = (message: ChatMessage) => (message.clientId ? `c:${message.senderId}:${message.clientId}` : `m:${message.id}`)

/** Messages (oldest first) with a separator before the first message of each day. */
export function buildRows(messages: readonly ChatMessage[], now: Date = new Date()): ThreadRow[] {
  const rows: ThreadRow[] = []
  let currentDay = ''
  let previous: ChatMessage | null = null
  for (const message of messages) {
    const date = new Date(message.createdAt)
    const day = dayKey(date)
    if (day !== currentDay) {
      currentDay = day
      previous = null
      rows.push({ kind: 'day', key: `day:${day}`, label: dayLabel(date, now) })
    }
    rows.push({
      kind: 'message',
      key: messageKey(message),
      message,
      continued: !message.isSystem && previous !== null && previous.senderId === message.senderId,
    })
    // a deal's system line breaks a sender's run: the bubble after it starts a new group
    previous = message.isSystem ? null : message
  }
  return rows
}

export function timeLabel(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
}
