import type { ComponentProps } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '@/lib/utils'

/**
 * A styled native select: there is no radix Select primitive here yet, and the native control
 * gives phones their own picker and keyboard users full support for free.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        data-slot="native-select"
        className="h-11 w-full appearance-none rounded-xl border border-input bg-card pr-9 pl-3.5 text-base text-foreground shadow-xs outline-none focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 sm:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-navy-400" aria-hidden="true" />
    </div>
  )
}
