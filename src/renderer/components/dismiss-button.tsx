import { X } from 'lucide-react'
import { cn } from '@/lib/utils'

/** The × that closes a notice or banner, named for screen readers; the caller gives its size and colours. */
export function DismissButton({ onClick, label = 'Dismiss', className }: { onClick: () => void; label?: string; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        '-my-1 -mr-1 inline-flex shrink-0 items-center justify-center rounded-md focus-visible:ring-2 focus-visible:outline-none',
        className,
      )}
    >
      <X className="size-4" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </button>
  )
}
