import {
  LISTING_STATUS_FILTERS,
  MODERATION_RULES,
  USER_STATUS_FILTERS,
  type ListingStatusFilter,
  type UserStatusFilter,
} from '@shared/api/moderation'

/**
 * /admin/moderation keeps its tab, search, filters and page in the URL (`?tab=listings&q=&status=&flagged=true&page=`),
 * so reload, Back and a link shared between admins show the same rows.
 */
export type ModerationTab = 'users' | 'listings'

export interface ModerationSearch {
  tab: ModerationTab
  q: string
  status: UserStatusFilter | ListingStatusFilter
  flagged: boolean
  page: number
}

export const DEFAULT_SEARCH: ModerationSearch = { tab: 'users', q: '', status: 'all', flagged: false, page: 1 }

export const statusFiltersOf = (tab: ModerationTab): readonly string[] => (tab === 'users' ? USER_STATUS_FILTERS : LISTING_STATUS_FILTERS)

/** Anything unreadable falls back to the default: it came from a link or a hand edit, not from the screen. */
export function parseModerationSearch(params: URLSearchParams): ModerationSearch {
  const tab: ModerationTab = params.get('tab') === 'listings' ? 'listings' : 'users'
  const rawStatus = params.get('status') ?? 'all'
  const status = (statusFiltersOf(tab).includes(rawStatus) ? rawStatus : 'all') as ModerationSearch['status']
  const rawPage = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1
  return {
    tab,
    q: (params.get('q') ?? '').trim().slice(0, MODERATION_RULES.searchMax),
    status,
    flagged: params.get('flagged') === 'true',
    page: page >= 1 && page <= MODERATION_RULES.maxPage ? page : 1,
  }
}

/** Defaults stay out, so the plain address remains /admin/moderation. */
export function writeModerationSearch(search: ModerationSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (search.tab !== 'users') params.set('tab', search.tab)
  if (search.q) params.set('q', search.q)
  if (search.status !== 'all') params.set('status', search.status)
  if (search.flagged) params.set('flagged', 'true')
  if (search.page > 1) params.set('page', String(search.page))
  return params
}

/** The API's query string for the tab's list: the same names as the URL, minus the tab. */
export function apiSearch(search: ModerationSearch): string {
  const params = writeModerationSearch({ ...search, tab: 'users' })
  const text = params.toString()
  return text ? `?${text}` : ''
}
