import { useStats } from '@/lib/stats'
import { useCatalogueTotal } from '../api/get-catalogue-total'
import { homeFigures, type HomeFigures } from '../lib/figures'

/** The hero's figures: the stats (polled every 30 s), or the catalogue count while they fail. */
export function useHomeFigures(): HomeFigures | null {
  const stats = useStats()
  const catalogue = useCatalogueTotal(stats.isError && stats.data === undefined)
  return homeFigures(stats.data, catalogue.data)
}
