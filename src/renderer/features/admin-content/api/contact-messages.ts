import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { contactMessageListSchema, type ContactMessageDto } from '@shared/api/contact'
import { contactEndpoints } from '@shared/api/endpoints/contact'
import { apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'

/** GET /api/admin/contact: what visitors wrote through the contact form, newest first. */
export async function getContactMessages(page: number, signal?: AbortSignal): Promise<Page<ContactMessageDto>> {
  const { body, headers } = await apiWithHeaders(contactEndpoints.getAdminContact, { query: { page } }, { signal })
  const items = body === null ? [] : contactMessageListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const useContactMessages = (page: number) =>
  useQuery({
    queryKey: adminKeys.contactList(page),
    queryFn: ({ signal }) => getContactMessages(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
