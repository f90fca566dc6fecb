import { AlertTriangle } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** A section that could not load, said where it would have been, with a retry. */
export function InlineLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
      <AlertTriangle className="size-5" aria-hidden="true" /> Could not load {what}.
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  )
}
