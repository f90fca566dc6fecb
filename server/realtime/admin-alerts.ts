import { ADMIN_SENDER_ID } from '@shared/constants'
import type { AdminAlertKind } from '@shared/realtime/events'
import type { Delivery } from './bus'

/** Longer text is cut: the event's schema refuses it, and a publish that fails loses the whole announcement. */
const TITLE_MAX = 200
const BODY_MAX = 500

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/**
 * Something now waits for an admin: to 999 only, which only admins' sockets are keyed by (`keysFor`), so an
 * ordinary user's tabs never hear of another user's withdrawal or dispute. Each caller sends it once per
 * occurrence, in the announcement of the commit that made it.
 */
export function adminAlertDelivery(kind: AdminAlertKind, subjectId: number | string, title: string, body: string): Delivery {
  return {
    audience: { userIds: [ADMIN_SENDER_ID] },
    event: { type: 'admin_alert', kind, subjectId: String(subjectId), title: cut(title, TITLE_MAX), body: cut(body, BODY_MAX) },
  }
}
