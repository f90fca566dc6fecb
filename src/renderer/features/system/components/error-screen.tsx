import { House, RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'

export const ERROR_TEXT = {
  title: 'Something went wrong',
  recoverable: 'A temporary loading error occurred. This usually fixes itself.',
  unexpected: "An unexpected error occurred. Don't worry, your data is safe.",
  footer: 'If this problem persists, try clearing your browser cache or contact support.',
} as const

export interface ErrorScreenProps {
  recoverable: boolean
  /** Try Again shows only for recoverable errors while retries remain (SPEC §2). */
  canRetry: boolean
  retrying?: boolean
  onRetry: () => void
}

/** Full error page. Navigation uses the browser directly: the router itself may be what broke. */
export function ErrorScreen({ recoverable, canRetry, retrying = false, onRetry }: ErrorScreenProps) {
  return (
    <div role="alert" className="flex min-h-[70dvh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border bg-card p-8 text-center shadow-lg shadow-navy-900/5">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-50 dark:bg-red-950/40 text-destructive">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{ERROR_TEXT.title}</h1>
        <p className="mt-3 text-muted-foreground">{recoverable ? ERROR_TEXT.recoverable : ERROR_TEXT.unexpected}</p>
        {retrying && (
          <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
            Retrying automatically…
          </p>
        )}
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          {canRetry && (
            <Button onClick={onRetry}>
              <RotateCcw aria-hidden="true" /> Try Again
            </Button>
          )}
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" /> Reload Page
          </Button>
          <Button variant="ghost" onClick={() => window.location.assign('/')}>
            <House aria-hidden="true" /> Go Home
          </Button>
        </div>
        <p className="mt-7 text-xs text-muted-foreground">{ERROR_TEXT.footer}</p>
      </div>
    </div>
  )
}
