import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-28 w-full min-w-0 rounded-xl border border-input bg-card px-3.5 py-2.5 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-navy-400 sm:text-sm',
        'focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  )
}
