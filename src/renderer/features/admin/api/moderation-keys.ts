import { adminKeys } from '@/lib/query-keys'
import type { ModerationSearch } from '../lib/moderation-url'

/** The moderation lists, under the shared admin root so anything that refreshes admin data reaches them. */
export const moderationKeys = {
  all: [...adminKeys.all, 'moderation'] as const,
  users: () => [...moderationKeys.all, 'users'] as const,
  userList: (search: ModerationSearch) => [...moderationKeys.users(), search] as const,
  listings: () => [...moderationKeys.all, 'listings'] as const,
  listingList: (search: ModerationSearch) => [...moderationKeys.listings(), search] as const,
}
