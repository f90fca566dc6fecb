import { blogKeys } from '@/lib/query-keys'

/** The public blog's keys, under the shared root the admin editor invalidates. */
export const blogQueryKeys = {
  all: blogKeys.all,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (page: number) => [...blogQueryKeys.lists(), page] as const,
  details: () => [...blogKeys.all, 'detail'] as const,
  detail: (id: number) => [...blogQueryKeys.details(), id] as const,
}
