import { useState } from 'react'
import type { AdminDisputeDto } from '@shared/api/admin-dashboard'
import { useActionKeys } from '@/lib/idempotency'
import { stillListed } from '@/lib/admin/overtaken'
import { QueueSection } from '@/components/admin/queue-section'
import { useDisputes } from '../api/get-disputes'
import type { Resolution } from '../api/resolve-dispute'
import { DisputeDecision } from './dispute-decision'
import { DisputeItem } from './dispute-item'

/** Deals in dispute, the longest-waiting first: the evidence, then release to the seller or refund the buyer. */
export function DisputesQueue() {
  const queue = useDisputes()
  const keys = useActionKeys()
  const [deciding, setDeciding] = useState<{ dispute: AdminDisputeDto; resolution: Resolution } | null>(null)
  // the queue holds only open disputes, the longest-waiting first: one that leaves it while being decided was settled
  const listed = !deciding || stillListed(queue.data?.items, deciding.dispute.id)
  return (
    <>
      <QueueSection
        id="disputes"
        title="Disputes"
        shown={queue.data?.items.length}
        total={queue.data?.total}
        noun={['dispute', 'disputes']}
        end="oldest"
        isPending={queue.isPending}
        error={queue.error}
        errorText="The disputes could not be loaded."
        emptyText="No open disputes."
      >
        <ul className="mt-4 space-y-4">
          {queue.data?.items.map((dispute) => (
            <DisputeItem key={dispute.id} dispute={dispute} onDecide={(resolution) => setDeciding({ dispute, resolution })} />
          ))}
        </ul>
      </QueueSection>
      {/* outside the list, so a live event or a refetch that drops the dispute does not take the dialog and its note along */}
      {deciding && (
        <DisputeDecision
          key={`${deciding.dispute.id}:${deciding.resolution}`}
          {...deciding}
          listed={listed}
          keys={keys}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  )
}
