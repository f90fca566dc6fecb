import { queryOptions, useQuery } from '@tanstack/react-query'
import { tradingTermsSchema, type TradingTerms } from '@shared/api/settings'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { api } from '@/lib/api'
import { siteKeys } from '@/lib/query-keys'

/** GET /api/site/trading: the fee, countdowns, reservation time and listing review as an admin set them. */
export async function getTradingTerms(signal?: AbortSignal): Promise<TradingTerms> {
  return tradingTermsSchema.parse(await api(settingsEndpoints.getSiteTrading, {}, { signal }))
}

// under the site root, so the admin settings screen's save (which refreshes the site's settings) refreshes these too
export const tradingTermsQueryOptions = () => queryOptions({ queryKey: siteKeys.trading(), queryFn: ({ signal }) => getTradingTerms(signal) })

/** `terms` is undefined while loading or unavailable: the pages then speak in general terms rather than quote a number. */
export function useTradingTerms(): { terms: TradingTerms | undefined; loading: boolean } {
  const query = useQuery(tradingTermsQueryOptions())
  return { terms: query.data, loading: query.isPending }
}
