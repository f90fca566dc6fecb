import { useEffect, useRef, useState } from 'react'
import { isLivePlatform, type LivePlatformId, type PlatformId } from '@/config/platforms'
import { useListingUrlState } from './use-listing-url-state'

/**
 * Keeps the grid's platform (in the URL, ?platform=) and the page's selected platform (tiles, footer,
 * owned by the home page) in step. Whichever side changed last wins; on first render a
 * freshly chosen platform beats the URL, otherwise the URL (a reload or shared link) is the truth.
 *
 * Answers the platform the grid is to show before the first sync has put it in the URL (a landing page's own, say),
 * or undefined once the URL says: the first render (the server's, and the browser's as it hydrates) shows that
 * platform's accounts rather than every platform's for a moment.
 */
export function usePlatformSync(
  selected: PlatformId | null,
  onSelectedChange: (platform: LivePlatformId | null) => void,
): LivePlatformId | undefined {
  const { filters, update } = useListingUrlState()
  const external = isLivePlatform(selected) ? selected : null
  const fromUrl = filters.platform
  const previous = useRef<{ external: LivePlatformId | null; fromUrl: LivePlatformId | null } | null>(null)
  const [synced, setSynced] = useState(false)

  useEffect(() => {
    const before = previous.current
    previous.current = { external, fromUrl }
    if (external === fromUrl) return
    if (before === null) {
      setSynced(true)
      if (external) update({ platform: external }, { replace: true })
      else onSelectedChange(fromUrl)
      return
    }
    if (before.external !== external) update({ platform: external })
    else if (before.fromUrl !== fromUrl) onSelectedChange(fromUrl)
  }, [external, fromUrl, update, onSelectedChange])

  return !synced && external && !fromUrl ? external : undefined
}
