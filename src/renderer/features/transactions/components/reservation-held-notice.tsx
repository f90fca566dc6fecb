import { DismissButton } from '@/components/dismiss-button'
import { Link } from 'react-router-dom'
import { ArrowRight, Hourglass } from 'lucide-react'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth'
import { formatDateTime } from '@/lib/dates'
import { useTransaction } from '../api/get-transaction'
import { useOpenActions } from '../hooks/use-open-actions'

interface ReservationHeldNoticeProps {
  /** the deal whose checkout at the provider was cancelled */
  dealId: number
  onDismiss: () => void
}

/**
 * Where a cancelled purchase's checkout lands (home, SPEC §4): cancelling the payment does not cancel the deal, so
 * while it is still reserved for the buyer, say until when and where to pay. The deal is asked for, so nothing shows
 * for one that is paid, cancelled, run out or not the viewer's; it goes when that changes (live events refresh deals).
 * The region is there before the deal arrives, so a screen reader says the notice when it appears.
 */
export function ReservationHeldNotice({ dealId, onDismiss }: ReservationHeldNoticeProps) {
  // a deal is read for a signed-in viewer only (SPEC §6): a visitor whose session ended meanwhile sees nothing
  const { isSignedIn } = useCurrentUser()
  const deal = useTransaction(dealId, isSignedIn).data
  const until = deal?.status === 'pending' && deal.viewerRole === 'buyer' ? deal.reservedUntil : null
  return <div role="status">{deal && until && <HeldReservation deal={deal} until={until} onDismiss={onDismiss} />}</div>
}

function HeldReservation({ deal, until, onDismiss }: { deal: TransactionDetailDto; until: string; onDismiss: () => void }) {
  // paying closes when the reservation runs out, before the server's sweep cancels the deal: the notice goes then
  const { actions } = useOpenActions(deal)
  if (!actions.includes('pay')) return null
  return (
    <div
      className="border-b border-sky-200 dark:border-sky-800 bg-sky-50 dark:bg-sky-950/40 text-sky-950 dark:text-sky-100"
      data-testid="reservation-held"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Hourglass className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{deal.listing.accountTitle} is still reserved for you</p>
          <p className="mt-0.5 text-sm text-sky-900/80 dark:text-sky-200/80">
            Cancelling the payment did not cancel the purchase ({deal.displayId}). The account stays reserved for you until {formatDateTime(until)},
            and you can still pay for it from the deal page.
          </p>
          <Button asChild size="sm" variant="primary" className="mt-2">
            <Link to={paths.transaction(deal.id)}>
              Pay from the deal page <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <DismissButton
          onClick={onDismiss}
          className="size-8 text-sky-800 dark:text-sky-200 hover:bg-sky-100 dark:hover:bg-sky-900/40 focus-visible:ring-sky-500"
        />
      </div>
    </div>
  )
}
