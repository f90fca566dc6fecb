import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown, MessagesSquare } from 'lucide-react'
import type { AdminDisputeDto } from '@shared/api/admin-dashboard'
import { formatRelativeTime } from '@shared/format'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { PLATFORMS } from '@/config/platforms'
import { paths } from '@/config/paths'
import { describeError } from '@/lib/api-client'
import { dollars } from '@/lib/admin/figures'
import { useDisputeEvidence } from '../api/get-dispute-evidence'
import type { Resolution } from '../api/resolve-dispute'
import { DisputeEvidence } from './dispute-evidence'

/** Who opened the dispute: a party, or Handover itself (a ban of the seller holds their paid deals). */
const DISPUTE_OPENER: Record<AdminDisputeDto['disputedBy'], string> = {
  buyer: 'opened by the buyer',
  seller: 'opened by the seller',
  admin: 'opened by an admin',
  system: 'held by Handover',
}

function EvidencePanel({ id, transactionId }: { id: string; transactionId: number }) {
  const evidence = useDisputeEvidence(transactionId, true)
  return (
    <div id={id} className="mt-4 border-t pt-4">
      {evidence.isPending ? (
        <div className="grid gap-2" aria-label="Loading evidence">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : evidence.error || !evidence.data ? (
        <p role="alert" className="text-sm text-destructive">
          {describeError(evidence.error, 'The evidence could not be loaded.')}
        </p>
      ) : (
        <DisputeEvidence evidence={evidence.data} />
      )}
    </div>
  )
}

/**
 * One dispute: the deal, who opened it and why, its evidence on demand, and the two ways to settle it. The decision's
 * dialog belongs to the queue (`DisputeDecision`), so it outlives the item when someone else settles the dispute.
 */
export function DisputeItem({ dispute, onDecide }: { dispute: AdminDisputeDto; onDecide(resolution: Resolution): void }) {
  const [showEvidence, setShowEvidence] = useState(false)
  const panelId = useId()
  const platform = PLATFORMS[dispute.listing.platform]

  return (
    <li className="rounded-2xl border bg-card p-4 shadow-xs" data-testid="dispute-item">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="font-mono font-semibold text-navy-700 dark:text-navy-200">{dispute.displayId}</span>
            <span className="rounded-full px-2 py-0.5 font-semibold text-white" style={{ backgroundColor: platform.badgeColor }}>
              {platform.label}
            </span>
          </div>
          <h3 className="mt-1 text-base font-semibold">
            <Link to={paths.transaction(dispute.id)} className="hover:underline">
              {dispute.listing.accountTitle}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            {dispute.buyer.username} (buyer) · {dispute.seller.username} (seller) · {DISPUTE_OPENER[dispute.disputedBy]}{' '}
            <time dateTime={dispute.disputedAt}>{formatRelativeTime(dispute.disputedAt)}</time>
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted-foreground">Held in escrow</p>
          <p className="text-lg font-bold tabular-nums">{dollars(dispute.price + dispute.escrowFee)}</p>
        </div>
      </div>
      {dispute.disputeReason && (
        <blockquote className="mt-3 rounded-xl border-l-4 border-amber-500 bg-amber-50 dark:bg-amber-950/40 px-3 py-2 text-sm whitespace-pre-wrap wrap-anywhere text-navy-900 dark:text-navy-100">
          {dispute.disputeReason}
        </blockquote>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          aria-expanded={showEvidence}
          aria-controls={showEvidence ? panelId : undefined}
          onClick={() => setShowEvidence((shown) => !shown)}
        >
          <ChevronDown className={showEvidence ? 'rotate-180' : undefined} aria-hidden="true" />
          {showEvidence ? 'Hide evidence' : 'Show evidence'}
        </Button>
        {dispute.conversationId !== null && (
          <Button asChild variant="ghost">
            <Link to={paths.adminChat(dispute.conversationId)}>
              <MessagesSquare aria-hidden="true" />
              Open chat
            </Link>
          </Button>
        )}
        <span className="grow" />
        <Button onClick={() => onDecide('release')}>Release to seller</Button>
        <Button variant="destructive" onClick={() => onDecide('refund')}>
          Refund buyer
        </Button>
      </div>
      {showEvidence && <EvidencePanel id={panelId} transactionId={dispute.id} />}
    </li>
  )
}
