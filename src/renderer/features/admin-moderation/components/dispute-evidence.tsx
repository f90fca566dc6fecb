import { CheckCircle2, Circle, Clock } from 'lucide-react'
import type { DisputeEvidenceDto } from '@shared/api/admin-dashboard'
import type { MessageDto } from '@shared/api/conversations'
import { TRANSACTION_STATUS_LABELS, type ChecklistStepDto, type TransactionDetailDto, type TransactionEventDto } from '@shared/api/transactions'
import { ConfirmedStepTimes } from '@/components/confirmed-step-times'
import { formatDateTime } from '@/lib/dates'
import { cn } from '@/lib/utils'

const ACTOR_LABELS: Record<TransactionEventDto['actorRole'], string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin', system: 'Handover' }

/** Every step and tick, oldest first: the order an admin reads a story in. */
function Timeline({ events }: { events: readonly TransactionEventDto[] }) {
  return (
    <ol className="grid gap-3" aria-label="Timeline">
      {events.map((event) => (
        <li key={event.id} className="grid gap-0.5 border-l-2 border-navy-100 dark:border-navy-800 pl-3 text-sm">
          {/* written by the server from names and titles: text, never HTML */}
          <p className="wrap-anywhere">{event.note}</p>
          <p className="text-xs text-muted-foreground">
            {event.status ? `${TRANSACTION_STATUS_LABELS[event.status]} · ` : ''}
            {ACTOR_LABELS[event.actorRole]} · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  )
}

function Tick({ step }: { step: ChecklistStepDto }) {
  if (step.buyerConfirmedAt) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-mint-700 dark:text-mint-400">
        <CheckCircle2 className="size-3.5" aria-hidden="true" />
        <span>
          <ConfirmedStepTimes sellerDoneAt={step.sellerDoneAt} buyerConfirmedAt={step.buyerConfirmedAt} />
        </span>
      </p>
    )
  }
  if (step.sellerDoneAt) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-sky-800 dark:text-sky-200">
        <Clock className="size-3.5" aria-hidden="true" />
        <span>
          Done by the seller <time dateTime={step.sellerDoneAt}>{formatDateTime(step.sellerDoneAt)}</time>, not confirmed by the buyer
        </span>
      </p>
    )
  }
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Circle className="size-3.5" aria-hidden="true" />
      <span>Not ticked</span>
    </p>
  )
}

function Checklist({ steps }: { steps: readonly ChecklistStepDto[] }) {
  if (steps.length === 0) return <p className="text-sm text-muted-foreground">No checklist: the deal was never paid.</p>
  return (
    <ol className="grid gap-3" aria-label="Handover checklist">
      {steps.map((step, index) => (
        <li key={step.id} className="text-sm">
          <p className="font-medium">
            {index + 1}. {step.title}
          </p>
          <Tick step={step} />
        </li>
      ))}
    </ol>
  )
}

function speaker(message: MessageDto, deal: TransactionDetailDto): string {
  if (message.isFromAdmin) return 'Support'
  if (message.senderId === deal.buyerId) return `${message.sender.username} (buyer)`
  if (message.senderId === deal.sellerId) return `${message.sender.username} (seller)`
  return message.sender.username
}

/** The deal's chat as it was written: typed messages and the deal's own lines, each with who and when. */
function Transcript({ evidence }: { evidence: DisputeEvidenceDto }) {
  const { transcript, transaction } = evidence
  if (transcript.length === 0) return <p className="text-sm text-muted-foreground">No messages.</p>
  return (
    <div className="max-h-96 overflow-y-auto rounded-xl border bg-muted/40 p-3">
      {evidence.transcriptTruncated && <p className="mb-2 text-xs text-muted-foreground">Older messages are in the full chat.</p>}
      <ol className="grid gap-2" aria-label="Chat transcript">
        {transcript.map((message) => (
          <li
            key={message.id}
            className={cn('text-sm', message.isSystem && 'text-center text-xs text-muted-foreground')}
            data-testid="transcript-line"
          >
            {message.isSystem ? (
              <p>
                {message.content} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
            ) : (
              <>
                <p className="text-xs text-muted-foreground">
                  <span
                    className={cn(
                      'font-semibold',
                      message.senderId === transaction.buyerId
                        ? 'text-sky-800 dark:text-sky-200'
                        : message.isFromAdmin
                          ? 'text-mint-700 dark:text-mint-400'
                          : 'text-navy-800 dark:text-navy-100',
                    )}
                  >
                    {speaker(message, transaction)}
                  </span>{' '}
                  · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </p>
                <p className="whitespace-pre-wrap break-words">{message.content}</p>
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}

/** What an admin decides a dispute on: the timeline, the checklist ticks and the chat. */
export function DisputeEvidence({ evidence }: { evidence: DisputeEvidenceDto }) {
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
      <div className="grid content-start gap-5">
        <div>
          <h4 className="mb-2 text-sm font-semibold">Timeline</h4>
          <Timeline events={evidence.transaction.timeline} />
        </div>
        <div>
          <h4 className="mb-2 text-sm font-semibold">Handover checklist</h4>
          <Checklist steps={evidence.transaction.checklist} />
        </div>
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold">Chat transcript</h4>
        <Transcript evidence={evidence} />
      </div>
    </div>
  )
}
