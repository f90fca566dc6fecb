import { PROCESSOR_FEE_NOT_REFUNDABLE, refundedWhere, type TransactionDto } from '@shared/api/transactions'
import { formatMoney } from '@shared/format'
import { Card } from '@/components/ui/card'
import { paidWith } from '../lib/pay-options'

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'flex items-baseline justify-between gap-3 border-t pt-3 text-base font-bold' : 'flex items-baseline justify-between gap-3 text-sm'
      }
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}

/** Where held money goes, told to each viewer in their own terms. */
const HELD_NOTE: Record<TransactionDto['viewerRole'], (price: number) => string> = {
  seller: (price) => `You receive ${formatMoney(price)} when the deal completes.`,
  buyer: () => 'The seller is paid only once the account is yours.',
  admin: () => 'Held in escrow: the seller is paid once the buyer has the account.',
}

type NotedDeal = Pick<TransactionDto, 'status' | 'paymentMethod' | 'refundedTo' | 'viewerRole' | 'price' | 'escrowFee' | 'processorFee'>

/** A refunded deal's note: how much went back and where, and the processor fee the provider kept. */
function refundNote(deal: NotedDeal): string {
  const back = `Refunded ${formatMoney(deal.price + deal.escrowFee)} (price and escrow fee) ${refundedWhere(deal, deal.viewerRole === 'buyer')}.`
  return deal.processorFee > 0 ? `${back} ${PROCESSOR_FEE_NOT_REFUNDABLE}` : back
}

/** One line under the figures: how it was paid and where the money stands for the viewer. */
export function moneyNote(deal: NotedDeal): string {
  const paid = deal.paymentMethod ? `${paidWith(deal.paymentMethod)}.` : 'Not paid yet.'
  switch (deal.status) {
    case 'completed':
      return `${paid} ${deal.viewerRole === 'seller' ? `You received ${formatMoney(deal.price)}.` : 'The seller has been paid.'}`
    case 'refunded':
      return `${paid} ${refundNote(deal)}`
    case 'cancelled':
      // a provider payment that arrives after the cancel goes to the buyer's balance, never into this deal
      return 'Cancelled before payment: nothing is held in escrow.'
    default:
      return `${paid} ${HELD_NOTE[deal.viewerRole](deal.price)}`
  }
}

/** The processor fee's line: its amount once paid; before, it depends on how the buyer pays; never paid, there is none. */
export function processorFeeText(deal: Pick<TransactionDto, 'paymentMethod' | 'processorFee' | 'status' | 'viewerRole'>): string {
  if (deal.paymentMethod !== null) return formatMoney(deal.processorFee)
  if (deal.status !== 'pending') return 'None'
  return deal.viewerRole === 'buyer' ? 'Depends on how you pay' : 'Set when the buyer pays'
}

/** A refund's line: where the price and escrow fee went back. */
const REFUNDED_LABELS: Record<'balance' | 'card' | 'crypto', string> = {
  card: 'Refunded to the card',
  crypto: 'Refunded to the crypto wallet',
  balance: 'Refunded to the Handover balance',
}

/** Price, escrow fee, processor fee and total; before payment the processor fee depends on how the buyer pays. */
export function MoneySummary({ deal }: { deal: TransactionDto }) {
  return (
    <Card className="p-5" data-testid="money-summary">
      <h2 className="text-base font-semibold">Money</h2>
      <dl className="mt-3 grid gap-2">
        <Line label="Price" value={formatMoney(deal.price)} />
        <Line label="Escrow fee" value={formatMoney(deal.escrowFee)} />
        <Line label="Processor fee" value={processorFeeText(deal)} />
        <Line label="Total" value={formatMoney(deal.total)} strong />
        {deal.status === 'refunded' && deal.refundedTo && (
          <>
            <Line
              label={REFUNDED_LABELS[deal.refundedTo === 'payment' ? (deal.paymentMethod ?? 'card') : 'balance']}
              value={formatMoney(deal.price + deal.escrowFee)}
            />
            {deal.processorFee > 0 && <Line label="Kept by the payment processor" value={formatMoney(deal.processorFee)} />}
          </>
        )}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">{moneyNote(deal)}</p>
    </Card>
  )
}
