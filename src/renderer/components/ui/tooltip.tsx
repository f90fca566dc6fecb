import type { ComponentProps } from 'react'
import { Tooltip as TooltipPrimitive } from 'radix-ui'
import { TOOLTIP } from '@shared/constants'
import { cn } from '@/lib/utils'

/** SPEC §9: tooltips open after 700 ms; moving to a neighbour within 300 ms opens it at once. */
export function TooltipProvider({
  delayDuration = TOOLTIP.delayMs,
  skipDelayDuration = TOOLTIP.skipDelayMs,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider data-slot="tooltip-provider" delayDuration={delayDuration} skipDelayDuration={skipDelayDuration} {...props} />
}

export const Tooltip = TooltipPrimitive.Root
export const TooltipTrigger = TooltipPrimitive.Trigger

export function TooltipContent({ className, sideOffset = 6, children, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn('z-50 max-w-xs rounded-lg bg-navy-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg', className)}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-navy-900" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  )
}
