import type { PlatformStat, Stats } from '@shared/api/listings'
import { formatFigure, formatMoney } from '@shared/format'
import type { LivePlatformId } from '@/config/platforms'

export interface LandingFigure {
  label: string
  value: string
}

/**
 * A platform's figures from /api/stats/platforms: how many accounts are for sale ("10K+" style) and
 * their average price, which is left out while there is nothing to average.
 */
export function platformFigures(stats: readonly PlatformStat[] | undefined, platform: LivePlatformId): LandingFigure[] {
  const stat = stats?.find((s) => s.platform === platform)
  if (!stat) return []
  const figures = [{ label: stat.count === 1 ? 'Account for sale' : 'Accounts for sale', value: formatFigure(stat.count) }]
  if (stat.count > 0) figures.push({ label: 'Average price', value: formatMoney(Math.round(stat.avgPrice)) })
  return figures
}

/** The verified landing's figures from /api/stats. */
export function verifiedFigures(stats: Stats | undefined): LandingFigure[] {
  if (!stats) return []
  return [
    { label: 'Verified accounts', value: formatFigure(stats.verifiedListings) },
    { label: 'Accounts for sale', value: formatFigure(stats.activeListings) },
  ]
}
