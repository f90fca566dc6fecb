import { queryOptions, useQuery } from '@tanstack/react-query'
import { platformStatsSchema, statsSchema, type PlatformStat, type Stats } from '@shared/api/listings'
import { POLLING } from '@shared/constants'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { api } from './api'
import { statsKeys } from './query-keys'

/**
 * The public figures (GET /api/stats and /api/stats/platforms), polled every 30 s (SPEC §9). Here
 * rather than in a feature because the home page and the landing pages show the same figures.
 */

export async function getStats(signal?: AbortSignal): Promise<Stats> {
  return statsSchema.parse(await api(listingsEndpoints.getStats, {}, { signal }))
}

export async function getPlatformStats(signal?: AbortSignal): Promise<PlatformStat[]> {
  return platformStatsSchema.parse(await api(listingsEndpoints.getStatsPlatforms, {}, { signal }))
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: statsKeys.overview(),
    queryFn: ({ signal }) => getStats(signal),
    staleTime: POLLING.platformStatsMs,
    refetchInterval: POLLING.platformStatsMs,
  })

export const platformStatsQueryOptions = () =>
  queryOptions({
    queryKey: statsKeys.platforms(),
    queryFn: ({ signal }) => getPlatformStats(signal),
    staleTime: POLLING.platformStatsMs,
    refetchInterval: POLLING.platformStatsMs,
  })

export const useStats = () => useQuery(statsQueryOptions())
export const usePlatformStats = () => useQuery(platformStatsQueryOptions())
