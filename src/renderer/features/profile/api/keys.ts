/**
 * The profile key factory. Its own root, not under the listings one: live listing events take sold and
 * deactivated listings out of every list cached there, and the owner's list keeps every status.
 */
export const profileKeys = {
  all: ['profile'] as const,
  listings: () => [...profileKeys.all, 'listings'] as const,
}
