import type { AnnounceDeps } from '../../realtime/announce'
import type { NotificationService } from '../notifications/notifications.service'

/**
 * What a moderation action needs to tell people: each runs in one transaction (its audit entry, notifications and
 * change commit together or not at all) through `commitThenAnnounce`, which announces it once committed.
 */
export interface ModerationDeps extends AnnounceDeps {
  notifications: NotificationService
}
