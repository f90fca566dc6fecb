import { useEffect, useRef } from 'react'
import { isLivePlatform, type LivePlatformId, type PlatformId } from '@/config/platforms'
import { useListingUrlState } from './use-listing-url-state'

/**
 * Keeps the grid's platform (in the URL, ?platform=) and the page's selected platform (tiles, footer,
 * owned by the home page) in step. Whichever side changed last wins; on first render a
 * freshly chosen platform beats the URL, otherwise the URL (a reload or shared link) is the truth.
 */
export function usePlatformSync(selected: PlatformId | null, onSelectedChange: (platform: LivePlatformId | null) => void) {
  const { filters, update } = useListingUrlState()
  const external = isLivePlatform(selected) ? selected : null
  const fromUrl = filters.platform
  const previous = useRef<{ external: LivePlatformId | null; fromUrl: LivePlatformId | null } | null>(null)

  useEffect(() => {
    const before = previous.current
    previous.current = { external, fromUrl }
    if (external === fromUrl) return
    if (before === null) {
      if (external) update({ platform: external }, { replace: true })
      else onSelectedChange(fromUrl)
      return
    }
    if (before.external !== external) update({ platform: external })
    else if (before.fromUrl !== fromUrl) onSelectedChange(fromUrl)
  }, [external, fromUrl, update, onSelectedChange])
}
