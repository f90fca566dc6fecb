import { ADMIN_CONVERSATION_SEARCH_MAX } from '@shared/api/admin-conversations'

/** The support desk list's filters, kept in the URL (`?q=&deal=true&disputed=true&unread=true&page=`). */
export interface ConversationFilters {
  q: string
  deal: boolean
  disputed: boolean
  unread: boolean
  page: number
}

export const FLAG_FILTERS = ['deal', 'disputed', 'unread'] as const
export type FlagFilter = (typeof FLAG_FILTERS)[number]

export const FLAG_LABELS: Record<FlagFilter, string> = {
  deal: 'With a deal',
  disputed: 'Disputed',
  unread: 'Unread by support',
}

const MAX_PAGE = 100_000

/** Whatever a link holds: unknown values fall back to the defaults rather than failing the screen. */
export function parseFilters(params: URLSearchParams): ConversationFilters {
  const page = Number(params.get('page'))
  return {
    q: (params.get('q') ?? '').trim().slice(0, ADMIN_CONVERSATION_SEARCH_MAX),
    deal: params.get('deal') === 'true',
    disputed: params.get('disputed') === 'true',
    unread: params.get('unread') === 'true',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  }
}

/** Only what differs from the defaults, in a fixed order, so one set of filters has one URL (and one cache key). */
export function toSearchParams(filters: ConversationFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  for (const flag of FLAG_FILTERS) if (filters[flag]) params.set(flag, 'true')
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** A change of search or flags starts again from the first page. */
export function withFilter(filters: ConversationFilters, change: Partial<Omit<ConversationFilters, 'page'>>): ConversationFilters {
  return { ...filters, ...change, page: 1 }
}
