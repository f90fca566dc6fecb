import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react'
import type { ConversationDto } from '@shared/api/conversations'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'
import type { ChatMessage } from '../lib/message-cache'
import { tickState } from '../lib/ticks'

const ICONS = { sending: Clock, failed: AlertCircle, sent: Check, read: CheckCheck } as const

/** ✓ sent, ✓✓ read (coloured), with a tooltip naming the sides that read it (SPEC §3). */
export function ReadTicks({
  message,
  conversation,
  inverse = false,
}: {
  message: ChatMessage
  conversation: Pick<ConversationDto, 'buyerId'>
  inverse?: boolean
}) {
  const state = tickState(message, conversation)
  const Icon = ICONS[state.kind]
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* focusable so keyboard users reach the tooltip too */}
        <span
          tabIndex={0}
          role="img"
          aria-label={state.label}
          data-testid="ticks"
          data-state-kind={state.kind}
          className={cn(
            'inline-flex items-center rounded outline-none focus-visible:ring-2 focus-visible:ring-mint-400',
            state.kind === 'read' ? (inverse ? 'text-mint-300' : 'text-mint-600 dark:text-mint-400') : inverse ? 'text-white/70' : 'text-navy-400',
            state.kind === 'failed' && 'text-red-300',
          )}
        >
          <Icon className="size-3.5" aria-hidden="true" />
        </span>
      </TooltipTrigger>
      <TooltipContent>{state.label}</TooltipContent>
    </Tooltip>
  )
}
