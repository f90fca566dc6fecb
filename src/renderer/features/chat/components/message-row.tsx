import { memo } from 'react'
import { RotateCw, ShieldCheck } from 'lucide-react'
import { ADMIN_SENDER_NAME, type ConversationDto } from '@shared/api/conversations'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import type { ChatMessage } from '../lib/message-cache'
import { ROLE_LABELS } from '../lib/ticks'
import { timeLabel } from '../lib/thread-rows'
import { isOwnMessage, senderRole, type ChatViewer } from '../lib/viewer'
import { MessageText } from './message-text'
import { ReadTicks } from './read-ticks'

interface MessageRowProps {
  message: ChatMessage
  conversation: ConversationDto
  viewer: ChatViewer
  continued: boolean
  onRetry: (clientId: string) => void
}

/** The name above a bubble: always for support, and for everyone in the support view, where there are three sides. */
function senderName(message: ChatMessage, conversation: ConversationDto, viewer: ChatViewer): string | null {
  if (message.isFromAdmin) return ADMIN_SENDER_NAME
  if (viewer.role !== 'admin') return null
  return `${message.sender.username} · ${ROLE_LABELS[senderRole(message, conversation)]}`
}

/**
 * A line an escrow deal wrote ("bob sent the ownership invite."): centred and muted, not a bubble, as plain
 * text like every message. A line kept in place (the checklist's) shows when it last changed.
 */
function SystemLine({ message }: { message: ChatMessage }) {
  const at = message.editedAt ?? message.createdAt
  return (
    <div className="flex justify-center px-3 pt-3 sm:px-5" data-testid="system-message" data-edited={message.editedAt !== undefined}>
      <p className="max-w-[90%] rounded-full bg-muted px-3 py-1 text-center text-xs text-muted-foreground sm:max-w-[75%]">
        <span className="sr-only">Deal update: </span>
        {message.content}
        <time dateTime={at} className="ml-1.5 whitespace-nowrap text-navy-500 dark:text-navy-300">
          {message.editedAt ? `updated ${timeLabel(at)}` : timeLabel(at)}
        </time>
      </p>
    </div>
  )
}

export const MessageRow = memo(function MessageRow({ message, conversation, viewer, continued, onRetry }: MessageRowProps) {
  if (message.isSystem) return <SystemLine message={message} />
  const own = isOwnMessage(message, conversation, viewer.role)
  const name = continued ? null : senderName(message, conversation, viewer)
  const admin = message.isFromAdmin
  // receipts on one's own messages; the support view sees everyone's
  const ticks = own || viewer.role === 'admin'
  return (
    <div
      className={cn('flex flex-col px-3 sm:px-5', own ? 'items-end' : 'items-start', continued ? 'pt-1' : 'pt-3')}
      data-testid="message"
      data-own={own}
      data-admin={admin}
    >
      {name && (
        <p
          className={cn(
            'mb-1 flex items-center gap-1 px-1 text-xs font-semibold',
            admin ? 'text-amber-700 dark:text-amber-400' : 'text-navy-500 dark:text-navy-300',
          )}
        >
          {admin && <ShieldCheck className="size-3.5" aria-hidden="true" />}
          {name}
        </p>
      )}
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs sm:max-w-[70%]',
          own ? 'rounded-br-md bg-navy-900 text-white dark:bg-navy-700' : 'rounded-bl-md border bg-card text-foreground',
          admin && !own && 'border-amber-300 dark:border-amber-700 bg-amber-50 dark:bg-amber-950/40',
          admin && own && 'bg-amber-700',
          message.localState === 'failed' && 'opacity-80',
        )}
      >
        <MessageText content={message.content} linkClassName={own ? 'text-mint-300' : 'text-mint-700 dark:text-mint-400'} />
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[0.6875rem]',
            own ? (admin ? 'text-white' : 'text-white/80') : 'text-navy-500 dark:text-navy-300',
          )}
        >
          <time dateTime={message.createdAt}>{timeLabel(message.createdAt)}</time>
          {ticks && <ReadTicks message={message} conversation={conversation} inverse={own} />}
        </p>
      </div>
      {message.localState === 'failed' && message.clientId && (
        <p role="alert" className="mt-1 flex items-center gap-2 text-xs text-destructive">
          {message.localError ?? 'Not sent'}
          <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={() => onRetry(message.clientId!)}>
            <RotateCw aria-hidden="true" /> Retry
          </Button>
        </p>
      )}
    </div>
  )
})
