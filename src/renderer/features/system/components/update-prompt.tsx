import { useSyncExternalStore } from 'react'
import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from '@/lib/service-worker'

/** A newer build's worker is waiting: Reload lets it take over and loads the new build. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false)
  if (!waiting) return null
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="pointer-events-auto flex items-center gap-3 rounded-2xl bg-navy-950 py-3 pr-3 pl-4 text-sm text-white shadow-xl shadow-navy-950/25 ring-1 ring-white/15"
    >
      <RefreshCw className="size-4 shrink-0 text-mint-300" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-semibold">Update available.</span>{' '}
        <span className="sr-only text-navy-100 sm:not-sr-only">A new version of Handover is ready.</span>
      </p>
      <Button size="sm" onClick={() => applyUpdate()}>
        Reload
      </Button>
    </div>
  )
}
