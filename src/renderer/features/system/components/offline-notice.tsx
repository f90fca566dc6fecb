import { useSyncExternalStore } from 'react'
import { CloudOff, WifiOff } from 'lucide-react'
import { connectivity, subscribeToConnectivity } from '@/lib/connectivity'

const TEXT = {
  offline: { title: "You're offline", body: 'Pages you have opened still work; anything new loads once you reconnect.', Icon: WifiOff },
  unreachable: {
    title: "Can't reach Handover",
    body: "The last request didn't get through. Check your connection or try again in a moment.",
    Icon: CloudOff,
  },
} as const

/** Shown while the browser is offline or the last API request got no answer at all; gone with the next one that does. */
export function OfflineNotice() {
  const state = useSyncExternalStore(subscribeToConnectivity, connectivity, () => 'online' as const)
  if (state === 'online') return null
  const { title, body, Icon } = TEXT[state]
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="pointer-events-auto flex items-start gap-3 rounded-2xl bg-navy-950 px-4 py-3 text-sm text-white shadow-xl shadow-navy-950/25 ring-1 ring-white/15"
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
      <p>
        <span className="font-semibold">{title}.</span> <span className="sr-only text-navy-100 sm:not-sr-only">{body}</span>
      </p>
    </div>
  )
}
