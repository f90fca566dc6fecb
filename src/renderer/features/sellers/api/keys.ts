/**
 * The sellers key factory. Its own root, not under the listings one: live listing events edit
 * every list cached there by listing id, and a list of sellers must not be edited by those ids.
 */
export const sellerKeys = {
  all: ['sellers'] as const,
  tops: () => [...sellerKeys.all, 'top'] as const,
  top: (limit: number) => [...sellerKeys.tops(), limit] as const,
  details: () => [...sellerKeys.all, 'detail'] as const,
  detail: (id: string) => [...sellerKeys.details(), id] as const,
}
