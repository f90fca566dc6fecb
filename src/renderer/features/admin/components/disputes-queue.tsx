import { useDisputes } from '../api/get-disputes'
import { DisputeItem } from './dispute-item'
import { QueueSection } from './queue-section'

/** Deals in dispute, the longest-waiting first: the evidence, then release to the seller or refund the buyer. */
export function DisputesQueue() {
  const queue = useDisputes()
  return (
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
        {queue.data?.items.map((dispute) => <DisputeItem key={dispute.id} dispute={dispute} />)}
      </ul>
    </QueueSection>
  )
}
