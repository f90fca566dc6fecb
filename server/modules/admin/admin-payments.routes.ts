import Router from '@koa/router'
import {
  PAYMENT_MONITOR,
  reconcileMessage,
  REFUND_MESSAGES,
  RESOLVE_REVERSAL_MESSAGES,
  type ResolveReversalResult,
  type ReconcileResult,
  type RefundResult,
} from '@shared/api/admin-payments'
import { formatMoney } from '@shared/format'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { sendCsv } from '../../http/csv'
import { bodyOf, queryOf } from '../../http/validation'
import { countStuckDeals, listMonitorDeals, toMonitorDealDto } from '../transactions/transactions.monitor'
import { countStuckOrders, listOrders, toAdminOrderDto } from '../payments/payment-monitor.reads'
import type { PaymentsService } from '../payments/payments.service'
import type { StepUp } from '../auth/step-up'
import { csvFilename, dealsCsv, ordersCsv } from './admin-payments.csv'

const page = (n: number) => ({ limit: PAYMENT_MONITOR.pageSize, offset: (n - 1) * PAYMENT_MONITOR.pageSize })
const CSV_WINDOW = { limit: PAYMENT_MONITOR.csvMaxRows, offset: 0 }

/**
 * The payment monitor (admins only: 401 / 403): payment orders and escrow deals filtered and paged (total in
 * X-Total-Count), the same lists as CSV (the page ignored), what is stuck, and the reconcile of one order.
 */
export function adminPaymentRoutes(deps: { payments: PaymentsService; stepUp: StepUp }): Router<AppState> {
  const router = new Router<AppState>()
  const on = adminEndpoints

  router.use('/api/admin/payments', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })

  mount(router, on.getAdminPaymentsSummary, async (ctx) => {
    const now = new Date()
    const stuckOrders = await countStuckOrders(ctx.state.em, now)
    const stuckTransactions = await countStuckDeals(ctx.state.em, now)
    ctx.body = { stuckOrders, stuckTransactions }
  })

  mount(router, on.getAdminPaymentsOrders, async (ctx) => {
    const { page: n, ...filters } = queryOf(ctx, on.getAdminPaymentsOrders)
    const now = new Date()
    const { items, total } = await listOrders(ctx.state.em, filters, page(n), now)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items.map((order) => toAdminOrderDto(order, now))
  })

  mount(router, on.getAdminPaymentsOrdersCsv, async (ctx) => {
    const { page: _ignored, ...filters } = queryOf(ctx, on.getAdminPaymentsOrdersCsv)
    const now = new Date()
    const { items, total } = await listOrders(ctx.state.em, filters, CSV_WINDOW, now)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    sendCsv(ctx, csvFilename('payment-orders', now), ordersCsv(items, now))
  })

  mount(router, on.postAdminPaymentsOrdersReconcile, async (ctx) => {
    const admin = await requireAdmin(ctx)
    await deps.stepUp.require(ctx, admin)
    const { order, outcome, changed, statusChanged, found } = await deps.payments.reconcile(ctx.state.em, admin.id, ctx.params.orderId ?? '')
    const body: ReconcileResult = {
      order: toAdminOrderDto(order, new Date()),
      outcome,
      changed,
      message: reconcileMessage(outcome, changed, found, statusChanged),
    }
    ctx.body = body
  })

  mount(router, on.postAdminPaymentsOrdersRefund, async (ctx) => {
    const admin = await requireAdmin(ctx)
    await deps.stepUp.require(ctx, admin)
    const { reason } = bodyOf(ctx, on.postAdminPaymentsOrdersRefund)
    const { order, changed, refundedCents } = await deps.payments.refund(ctx.state.em, admin.id, ctx.params.orderId ?? '', reason)
    const refunded = refundedCents === null ? null : refundedCents / 100
    const message = refunded === null ? REFUND_MESSAGES.unchanged : REFUND_MESSAGES.refunded(formatMoney(refunded))
    const body: RefundResult = { order: toAdminOrderDto(order, new Date()), changed, refunded, message }
    ctx.body = body
  })

  mount(router, on.postAdminPaymentsOrdersResolveReversal, async (ctx) => {
    const admin = await requireAdmin(ctx)
    await deps.stepUp.require(ctx, admin)
    const { note } = bodyOf(ctx, on.postAdminPaymentsOrdersResolveReversal)
    const { order, changed } = await deps.payments.resolveReversal(ctx.state.em, admin.id, ctx.params.orderId ?? '', note)
    const body: ResolveReversalResult = {
      order: toAdminOrderDto(order, new Date()),
      changed,
      message: changed ? RESOLVE_REVERSAL_MESSAGES.resolved : RESOLVE_REVERSAL_MESSAGES.unchanged,
    }
    ctx.body = body
  })

  mount(router, on.getAdminPaymentsTransactions, async (ctx) => {
    const { page: n, ...filters } = queryOf(ctx, on.getAdminPaymentsTransactions)
    const now = new Date()
    const { items, total } = await listMonitorDeals(ctx.state.em, filters, page(n), now)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items.map((deal) => toMonitorDealDto(deal, now))
  })

  mount(router, on.getAdminPaymentsTransactionsCsv, async (ctx) => {
    const { page: _ignored, ...filters } = queryOf(ctx, on.getAdminPaymentsTransactionsCsv)
    const now = new Date()
    const { items, total } = await listMonitorDeals(ctx.state.em, filters, CSV_WINDOW, now)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    sendCsv(ctx, csvFilename('escrow-transactions', now), dealsCsv(items, now))
  })

  return router
}
