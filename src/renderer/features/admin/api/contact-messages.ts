import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { contactMessageListSchema, type ContactMessageDto } from '@shared/api/contact'
import { apiGetWithHeaders } from '@/lib/api-client'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from './total-count'

/** GET /api/admin/contact: what visitors wrote through the contact form, newest first. */
export async function getContactMessages(page: number, signal?: AbortSignal): Promise<Page<ContactMessageDto>> {
  const { body, headers } = await apiGetWithHeaders<unknown>(`/api/admin/contact?page=${page}`, { signal })
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
