import { useSyncExternalStore } from 'react'
import { MOBILE_MEDIA_QUERY } from '@/lib/device'

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {}
  const media = window.matchMedia(MOBILE_MEDIA_QUERY)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MEDIA_QUERY).matches

/** True under the spec's 768 px mobile breakpoint; follows window resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false)
}
