import { queryOptions, useQuery } from '@tanstack/react-query'
import { siteInfoSchema, type SiteInfo } from '@shared/api/settings'
import { apiGet } from '@/lib/api-client'
import { siteKeys } from '@/lib/query-keys'

/** GET /api/site: what every page shows from the marketplace settings (the maintenance banner). */
export async function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return siteInfoSchema.parse(await apiGet<unknown>('/api/site', { signal }))
}

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => getSiteInfo(signal),
    // a banner is announced ahead of time; a minute late is fine and spares a request per page
    staleTime: 60_000,
  })

export const useSiteInfo = () => useQuery(siteInfoQueryOptions())
