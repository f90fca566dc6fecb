import { BADGE_CAP } from '@shared/constants'
import { capBadge } from '@shared/format'

/** Text of the unread badge, or null when there is nothing unread (SPEC §9: cap 99 desktop, 9 mobile). */
export function unreadBadgeLabel(count: number, mobile: boolean): string | null {
  if (!Number.isFinite(count) || count <= 0) return null
  return capBadge(Math.floor(count), mobile ? BADGE_CAP.mobile : BADGE_CAP.desktop)
}
