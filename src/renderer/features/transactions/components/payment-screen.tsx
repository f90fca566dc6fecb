import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { ArrowRight, CheckCircle2, Clock, Hourglass, RotateCcw, XCircle } from 'lucide-react'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { formatMoney, transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useCurrentUser } from '@/lib/auth'
import { checkoutOpenFor } from '@/lib/payment-storage'
import { useSeo } from '@/lib/seo'
import { transactionKeys } from '@/lib/query-keys'
import { useTransaction } from '../api/get-transaction'
import { useOpenActions, type OpenActions } from '../hooks/use-open-actions'
import { reservationEndedText } from '../lib/guidance'
import { paidWith } from '../lib/pay-options'
import { DealTimers } from './deal-timers'
import { MoneySummary } from './money-summary'
import { PayPanel } from './pay-panel'
import { parseDealId } from '../lib/parse-id'
import { NotFoundDeal } from './transaction-detail-screen'

type PaymentState = { icon: typeof Clock; title: string; text: string; tone: string }

/**
 * Where the deal's payment stands, in the buyer's and the seller's words. `checkoutOpen`: this browser opened the deal's
 * checkout at the provider, which may still be paid.
 */
export function paymentState(
  deal: Pick<TransactionDetailDto, 'status' | 'paymentMethod' | 'total' | 'viewerRole'>,
  lapsed: OpenActions['lapsed'] = null,
  checkoutOpen = false,
): PaymentState {
  const how = deal.paymentMethod ? `${paidWith(deal.paymentMethod)}: ` : ''
  // the server's sweep has not cancelled it yet, and paying is no longer offered
  if (deal.status === 'pending' && lapsed === 'reservation') {
    return {
      icon: Hourglass,
      title: 'Reservation ended',
      text: reservationEndedText(deal.viewerRole === 'buyer' && checkoutOpen),
      tone: 'bg-muted text-navy-500 dark:text-navy-300',
    }
  }
  switch (deal.status) {
    case 'pending':
      return {
        icon: Clock,
        title: 'Awaiting payment',
        text: deal.viewerRole === 'buyer' ? 'Choose how to pay below.' : 'The buyer has not paid yet.',
        tone: 'bg-sky-50 dark:bg-sky-950/40 text-sky-700 dark:text-sky-400',
      }
    case 'cancelled':
      return {
        icon: XCircle,
        title: 'Not paid',
        text: 'The purchase was cancelled before payment. Nothing was charged.',
        tone: 'bg-muted text-navy-500 dark:text-navy-300',
      }
    case 'refunded':
      return {
        icon: RotateCcw,
        title: 'Refunded',
        text: how ? `${how}the money held in escrow went back to the buyer's balance.` : "The money held in escrow went back to the buyer's balance.",
        tone: 'bg-muted text-navy-500 dark:text-navy-300',
      }
    case 'completed':
      return {
        icon: CheckCircle2,
        title: 'Paid and released',
        text: `${how}${formatMoney(deal.total)}; the seller has been paid.`,
        tone: 'bg-mint-300/25 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400',
      }
    default:
      return {
        icon: CheckCircle2,
        title: 'Paid into escrow',
        text: `${how}${formatMoney(deal.total)}, held until the account is the buyer's.`,
        tone: 'bg-mint-300/25 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400',
      }
  }
}

function PaymentBody({ deal }: { deal: TransactionDetailDto }) {
  const client = useQueryClient()
  const { actions, lapsed } = useOpenActions(deal)
  const state = paymentState(deal, lapsed, lapsed === 'reservation' && checkoutOpenFor(deal.id))
  const Icon = state.icon
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-5 sm:p-6" data-testid="payment-status" data-status={deal.status}>
        <div className="flex items-start gap-4">
          <span className={`flex size-12 shrink-0 items-center justify-center rounded-2xl ${state.tone}`}>
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="text-xl font-bold">{state.title}</h2>
            <p className="mt-1 text-muted-foreground">{state.text}</p>
          </div>
        </div>
        <div className="mt-5 empty:hidden">
          <DealTimers deal={deal} onElapsed={() => void client.invalidateQueries({ queryKey: transactionKeys.detail(deal.id) })} />
        </div>
        {actions.includes('pay') && <PayPanel deal={deal} />}
        <Button asChild variant="outline" className="mt-5">
          <Link to={paths.transaction(deal.id)}>
            See the whole deal <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Card>
      <MoneySummary deal={deal} />
    </div>
  )
}

/**
 * /payment/{id} (SPEC §2 "Payment"). The server has no endpoint for a payment order by id, so this is the
 * payment of the viewer's deal {id}: its state, its money and, while unpaid, the ways to pay.
 */
export function PaymentScreen({ id }: { id: string }) {
  const dealId = parseDealId(id)
  const { isSignedIn, isLoading } = useCurrentUser()
  const deal = useTransaction(dealId ?? 0, isSignedIn && dealId !== null)
  useSeo({ title: 'Payment | Handover', description: 'The payment of one of your deals.', noIndex: true })
  if (!isLoading && !isSignedIn) return <SignInRedirect reason="payment" />
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      {dealId === null || deal.data === null ? (
        <NotFoundDeal />
      ) : deal.data ? (
        <>
          <header className="mb-6">
            <p className="text-sm text-muted-foreground">Payment for</p>
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              <span className="font-mono">{transactionDisplayId(deal.data.id)}</span> · {deal.data.listing.accountTitle}
            </h1>
          </header>
          <PaymentBody deal={deal.data} />
        </>
      ) : deal.isError ? (
        <LoadFailedNotice
          icon={<XCircle className="size-7" aria-hidden="true" />}
          title="Could not load the payment"
          error={deal.error}
          onRetry={() => void deal.refetch()}
        />
      ) : (
        <Skeleton className="h-64 rounded-2xl" />
      )}
    </div>
  )
}
