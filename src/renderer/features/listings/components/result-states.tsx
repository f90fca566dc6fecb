import { AlertTriangle, SearchX, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PlatformId } from '@/config/platforms'
import { Button } from '@/components/ui/button'
import { emptyMessage } from '../lib/labels'

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-navy-200 dark:border-navy-700 bg-background px-6 py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">{icon}</span>
      <p className="mt-5 text-lg font-semibold">{title}</p>
      {children}
    </div>
  )
}

/** A search that matched nothing: say so, and offer the way back. */
export function NoResults({ query, onClearSearch }: { query: string; onClearSearch: () => void }) {
  return (
    <StateCard icon={<SearchX className="size-7" aria-hidden="true" />} title={`No results for “${query}”`}>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">Try a different spelling, a broader word, or fewer filters.</p>
      <Button className="mt-5" variant="primary" onClick={onClearSearch}>
        Clear Search
      </Button>
    </StateCard>
  )
}

/** SPEC §8 "No accounts found", with a message naming the platform when one is chosen. */
export function NoAccounts({ platform, onClearFilters }: { platform: PlatformId | null; onClearFilters?: () => void }) {
  return (
    <StateCard icon={<Store className="size-7" aria-hidden="true" />} title="No accounts found">
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{emptyMessage(platform)}</p>
      {onClearFilters && (
        <Button className="mt-5" variant="outline" onClick={onClearFilters}>
          Clear All
        </Button>
      )}
    </StateCard>
  )
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateCard icon={<AlertTriangle className="size-7" aria-hidden="true" />} title="Could not load accounts">
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{message}</p>
      <Button className="mt-5" variant="primary" onClick={onRetry}>
        Try Again
      </Button>
    </StateCard>
  )
}
