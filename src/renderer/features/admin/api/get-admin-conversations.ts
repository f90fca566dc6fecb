import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminConversationListSchema, type AdminConversationDto } from '@shared/api/admin-conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'
import { toSearchParams, type ConversationFilters } from '../lib/conversation-filters'

/** GET /api/admin/conversations: one page of every conversation matching the filters, and how many match. */
export async function getAdminConversations(filters: ConversationFilters, signal?: AbortSignal): Promise<Page<AdminConversationDto>> {
  const { body, headers } = await apiWithHeaders(conversationsEndpoints.getAdminConversations, { query: toSearchParams(filters) }, { signal })
  const items = body === null ? [] : adminConversationListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const adminConversationsQueryOptions = (filters: ConversationFilters) =>
  queryOptions({
    queryKey: adminKeys.conversations(filters),
    queryFn: ({ signal }) => getAdminConversations(filters, signal),
    // most conversations send admins no live event until an admin has written in them
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  })

export function useAdminConversations(filters: ConversationFilters) {
  return useQuery(adminConversationsQueryOptions(filters))
}
