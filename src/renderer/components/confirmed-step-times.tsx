import { formatDateTime } from '@/lib/dates'

/**
 * When each half of a confirmed handover step happened: the seller's "done" and the buyer's confirmation, as the
 * deal page and a dispute's evidence both say it.
 */
export function ConfirmedStepTimes({ sellerDoneAt, buyerConfirmedAt }: { sellerDoneAt: string | null; buyerConfirmedAt: string }) {
  return (
    <>
      {sellerDoneAt ? (
        <>
          Done by the seller <time dateTime={sellerDoneAt}>{formatDateTime(sellerDoneAt)}</time>, confirmed by the buyer{' '}
        </>
      ) : (
        'Confirmed by the buyer '
      )}
      <time dateTime={buyerConfirmedAt}>{formatDateTime(buyerConfirmedAt)}</time>
    </>
  )
}
