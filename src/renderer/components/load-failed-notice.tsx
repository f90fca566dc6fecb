import { AlertTriangle } from 'lucide-react'
import type { ReactNode } from 'react'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/api-client'

/** A whole section that failed to load: "Could not load …", the reason, and a Try Again button. */
export function LoadFailedNotice({
  title,
  error,
  onRetry,
  fallback = 'Please try again in a moment.',
  icon = <AlertTriangle className="size-7" aria-hidden="true" />,
  as,
  className,
}: {
  title: string
  error: unknown
  onRetry: () => void
  /** Shown when the error carries no server or network message. */
  fallback?: string
  icon?: ReactNode
  as?: 'h1' | 'h2' | 'p'
  className?: string
}) {
  return (
    <StateNotice icon={icon} title={title} text={describeError(error, fallback)} as={as} className={className}>
      <Button variant="primary" onClick={onRetry}>
        Try Again
      </Button>
    </StateNotice>
  )
}
