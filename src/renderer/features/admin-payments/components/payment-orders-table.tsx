import { Link } from 'react-router-dom'
import type { AdminPaymentOrderDto } from '@shared/api/admin-payments'
import type { PaymentOrderStatus } from '@shared/api/payments'
import { transactionDisplayId } from '@shared/api/transactions'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import { AdminTable, stackedCell, stackedRow, type AdminColumn } from '@/components/admin/admin-table'
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
    // no min width: the cells wrap and the actions stack, so the whole row fits the admin column from lg up; below it
    // each order is a card, so its actions are never past the right edge
    <AdminTable columns={COLUMNS} stacked caption="Payment orders">
      {orders.map((order) => (
        <tr
          key={order.id}
          data-testid="order-row"
          data-stuck={order.stuck ? order.stuck.reason : undefined}
          className={cn(stackedRow, rowTone(order.stuck))}
        >
          <td data-label="Order" className={cn(stackedCell, 'max-lg:col-span-2')}>
            <span className="block font-mono text-xs font-semibold whitespace-nowrap max-lg:break-all max-lg:whitespace-normal">{order.orderId}</span>
            <span className="mt-1 block text-xs text-muted-foreground">
              {order.kind === 'deposit' ? 'Deposit' : 'Purchase'}
              {order.transactionId !== null && (
                <>
                  {' of '}
                  <Link
                    to={paths.transaction(order.transactionId)}
                    className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline"
                  >
                    {transactionDisplayId(order.transactionId)}
                  </Link>
                </>
              )}
            </span>
          </td>
          <td data-label="User" className={stackedCell}>
            <span className="font-medium">{order.user.username}</span>
            <span className="block text-xs text-muted-foreground">#{order.user.id}</span>
          </td>
          <td data-label="Provider" className={stackedCell}>
            <span className="capitalize">{order.provider}</span>
            <span className="block text-xs text-muted-foreground capitalize">{order.method}</span>
            {order.providerRef && (
              <span className="block max-w-28 truncate font-mono text-xs text-muted-foreground" title={order.providerRef}>
                {order.providerRef}
              </span>
            )}
          </td>
          <td data-label="Amount" className={cn(stackedCell, 'tabular-nums lg:text-right')}>
            <span className="font-semibold whitespace-nowrap">{dollars(order.amount)}</span>
            {/* the fee and the total may take a line each */}
            <span className="block text-xs text-muted-foreground">
              <span className="whitespace-nowrap">+{dollars(order.processorFee)} fee</span>{' '}
              <span className="whitespace-nowrap">= {dollars(order.total)}</span>
            </span>
          </td>
          <td data-label="Status" className={cn(stackedCell, 'lg:min-w-32')}>
            <StatusPill status={order.status} label={ORDER_STATUS_LABELS[order.status]} tone={ORDER_TONES[order.status]} />
            {order.stuck && <StuckNote stuck={order.stuck} />}
            <AfterCredit order={order} now={now} />
          </td>
          <td data-label="Opened" className={cn(stackedCell, 'text-muted-foreground')}>
            <Age iso={order.createdAt} now={now} />
          </td>
          <td className={cn(stackedCell, 'max-lg:col-span-2 max-lg:empty:hidden')}>
            <OrderActions order={order} />
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}

/**
 * A row's actions, one under the other from lg up (three buttons side by side made the row wider than the admin
 * column, and the last ones were cut off), side by side and wrapping on a card.
 */
function OrderActions({ order }: { order: AdminPaymentOrderDto }) {
  const reconcile = (order.status !== 'credited' && order.status !== 'refunded') || order.stuck
  const refund = order.status === 'paid'
  const recovered = order.stuck?.reason === 'reversed_at_provider'
  if (!reconcile && !refund && !recovered) return null
  return (
    <div data-testid="order-actions" className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch">
      {reconcile && <ReconcileButton orderId={order.orderId} />}
      {refund && <RefundButton order={order} />}
      {recovered && <ResolveReversalButton order={order} />}
    </div>
  )
}
