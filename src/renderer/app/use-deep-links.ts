import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { onDeepLink } from '@/lib/platform'

/** Routes opened from outside the desktop app (handover:// links, notification clicks) open in this window. */
export function useDeepLinks(): void {
  const navigate = useNavigate()
  // The contract only lets in-app routes through, so the route can be navigated to as is, query included.
  useEffect(() => onDeepLink(({ route }) => navigate(route)), [navigate])
}
