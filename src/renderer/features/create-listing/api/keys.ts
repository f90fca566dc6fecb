import { listingKeys } from '@/lib/query-keys'

/** Under the shared listings root, so anything that refreshes listings refreshes these too. */
export const createListingKeys = {
  editable: (id: string) => [...listingKeys.all, 'editable', id] as const,
}
