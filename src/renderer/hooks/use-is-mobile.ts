import { MOBILE_MEDIA_QUERY } from '@/lib/device'
import { useMediaQuery } from './use-media-query'

/** True under the spec's 768 px mobile breakpoint; follows window resizes. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY)
}
