import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { formatCentsExact } from '@shared/format'
import { announce, type AnnounceDeps } from '../../realtime/announce'
import { adminAlertDelivery } from '../../realtime/admin-alerts'
import type { Delivery } from '../../realtime/bus'
import { stuckOrder, stuckOrdersWhere } from './payment-monitor.reads'
import { PaymentOrder } from './payment.entities'

/** Orders alerted in one sweep; any beyond wait for the next, oldest first. */
export const STUCK_ALERTS_PER_SWEEP = 100

/**
 * Alerts the admins of each order that has become stuck by the payment monitor's own rule (`stuckOrdersWhere`), once
 * per order: the sweep marks what it alerts in the same commit (`stuck_alerted_at`) and announces after it. Rows are
 * claimed with SKIP LOCKED, so instances sweeping together split the orders between them instead of alerting twice,
 * and an order held by a reconcile or a webhook is left for the next sweep rather than waited for. An order stays
 * alerted after it is settled: a later reversal or complaint on it shows on the monitor, without a second alert.
 * Answers how many orders were alerted.
 */
export async function alertStuckPayments(em: EntityManager, deps: AnnounceDeps, now = new Date()): Promise<number> {
  const deliveries = await em.fork().transactional(async (tx) => {
    const orders = await tx.find(
      PaymentOrder,
      { $and: [stuckOrdersWhere(now), { stuckAlertedAt: null }] },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], limit: STUCK_ALERTS_PER_SWEEP, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
    )
    const alerts: Delivery[] = []
    for (const order of orders) {
      const flag = stuckOrder(order, now)
      if (!flag) continue
      order.stuckAlertedAt = now
      alerts.push(
        adminAlertDelivery(
          'stuck_payment',
          order.orderId,
          'Payment stuck',
          `${order.kind === 'deposit' ? 'Deposit' : 'Purchase payment'} ${order.orderId} of ${formatCentsExact(order.totalCents)}: ${flag.message}.`,
        ),
      )
    }
    await tx.flush()
    return alerts
  })
  await announce(deps, 'stuck payment alert', { deliveries })
  return deliveries.length
}
