import { Link } from 'react-router-dom'
import type { AdminPaymentOrderDto } from '@shared/api/admin-payments'
import type { PaymentOrderStatus } from '@shared/api/payments'
import { transactionDisplayId } from '@shared/api/transactions'
import { paths } from '@/config/paths'
import { AdminTable, type AdminColumn } from './admin-table'
import { Age, dollars, rowTone, StatusPill, StuckNote, type Tone } from './monitor-cells'
import { ReconcileButton } from './reconcile-button'
import { RefundButton } from './refund-button'
import { ResolveReversalButton } from './resolve-reversal-button'

export const ORDER_STATUS_LABELS: Record<PaymentOrderStatus, string> = {
  created: 'Awaiting payment',
  paid: 'Paid, not credited',
  credited: 'Credited',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
}

const ORDER_TONES: Record<PaymentOrderStatus, Tone> = {
  created: 'active',
  paid: 'warning',
  credited: 'positive',
  failed: 'danger',
  cancelled: 'negative',
  expired: 'negative',
  refunded: 'negative',
}

/** What happened at the provider after the credit, in order, each with when: the row keeps it once the flag is gone. */
const AFTER_CREDIT: [keyof Pick<AdminPaymentOrderDto, 'complainedAt' | 'complaintClosedAt' | 'reversedAt' | 'reversalResolvedAt'>, string][] = [
  ['complainedAt', 'Complaint at the provider'],
  ['complaintClosedAt', 'Provider past the complaint'],
  ['reversedAt', 'Given back to the payer'],
  ['reversalResolvedAt', 'Marked recovered'],
]

function AfterCredit({ order, now }: { order: AdminPaymentOrderDto; now: Date }) {
  const events = AFTER_CREDIT.flatMap(([field, label]) => (order[field] ? [{ label, at: order[field] }] : []))
  if (events.length === 0) return null
  return (
    <ul data-testid="after-credit" className="mt-1.5 space-y-0.5 text-xs text-muted-foreground">
      {events.map(({ label, at }) => (
        <li key={label}>
          {label} <Age iso={at} now={now} />
        </li>
      ))}
    </ul>
  )
}

const COLUMNS: AdminColumn[] = [
  { label: 'Order' },
  { label: 'User' },
  { label: 'Provider' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Status' },
  { label: 'Opened' },
  { label: 'Actions', srOnly: true },
]

/**
 * Payment orders, newest first; stuck ones in amber with the reason, Reconcile on every order not yet credited or
 * refunded and on every stuck one (a credited order the provider gave back, or one with a complaint at the provider,
 * is asked about again), Refund on a payment held for an operator (paid, not credited), and Mark recovered on a
 * credited payment the provider gave back. Under the status, what the provider did after the credit and what came of
 * it, each with when, so a resolved reversal or a closed complaint stays on the row after its flag has gone.
 */
export function PaymentOrdersTable({ orders, now }: { orders: AdminPaymentOrderDto[]; now: Date }) {
  return (
    <AdminTable columns={COLUMNS} className="min-w-[60rem]" caption="Payment orders">
      {orders.map((order) => (
        <tr key={order.id} data-testid="order-row" data-stuck={order.stuck ? order.stuck.reason : undefined} className={rowTone(order.stuck)}>
          <td className="px-4 py-3">
            <span className="block font-mono text-xs font-semibold whitespace-nowrap">{order.orderId}</span>
            <span className="mt-1 block text-xs text-muted-foreground">
              {order.kind === 'deposit' ? 'Deposit' : 'Purchase'}
              {order.transactionId !== null && (
                <>
                  {' of '}
                  <Link to={paths.transaction(order.transactionId)} className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline">
                    {transactionDisplayId(order.transactionId)}
                  </Link>
                </>
              )}
            </span>
          </td>
          <td className="px-4 py-3">
            <span className="font-medium">{order.user.username}</span>
            <span className="block text-xs text-muted-foreground">#{order.user.id}</span>
          </td>
          <td className="px-4 py-3">
            <span className="capitalize">{order.provider}</span>
            <span className="block text-xs text-muted-foreground capitalize">{order.method}</span>
            {order.providerRef && <span className="block max-w-40 truncate font-mono text-xs text-muted-foreground" title={order.providerRef}>{order.providerRef}</span>}
          </td>
          <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
            <span className="font-semibold">{dollars(order.amount)}</span>
            <span className="block text-xs text-muted-foreground">
              +{dollars(order.processorFee)} fee = {dollars(order.total)}
            </span>
          </td>
          <td className="px-4 py-3">
            <StatusPill status={order.status} label={ORDER_STATUS_LABELS[order.status]} tone={ORDER_TONES[order.status]} />
            {order.stuck && <StuckNote stuck={order.stuck} />}
            <AfterCredit order={order} now={now} />
          </td>
          <td className="px-4 py-3 text-muted-foreground">
            <Age iso={order.createdAt} now={now} />
          </td>
          <td className="px-4 py-3 text-right">
            <div className="flex justify-end gap-2">
              {((order.status !== 'credited' && order.status !== 'refunded') || order.stuck) && <ReconcileButton orderId={order.orderId} />}
              {order.status === 'paid' && <RefundButton order={order} />}
              {order.stuck?.reason === 'reversed_at_provider' && <ResolveReversalButton order={order} />}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
