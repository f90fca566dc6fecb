import { queryOptions, useQuery } from '@tanstack/react-query'
import { siteInfoSchema, type SiteInfo } from '@shared/api/settings'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { api } from '@/lib/api'
import { DEFAULT_BALANCE } from '@/lib/money-display'
import { siteKeys } from '@/lib/query-keys'

/** GET /api/site: what every page shows from the marketplace settings (the maintenance banner, the welcome bonus). */
export async function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return siteInfoSchema.parse(await api(settingsEndpoints.getSite, {}, { signal }))
}

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => getSiteInfo(signal),
    // a banner is announced ahead of time; a minute late is fine and spares a request per page
    staleTime: 60_000,
  })

export const useSiteInfo = () => useQuery(siteInfoQueryOptions())

/** What a new account is given (an admin setting), as "15.00": the spec's $15.00 until the server has said. */
export function useWelcomeBonus(): string {
  return useSiteInfo().data?.welcomeBonus ?? DEFAULT_BALANCE
}

/** Whether there is a welcome bonus to speak of. */
export const hasBonus = (bonus: string) => Number(bonus) > 0
