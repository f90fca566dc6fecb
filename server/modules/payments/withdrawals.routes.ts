import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { dollarsToCents, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { requireActiveUser, requireAdmin } from '../../http/access'
import { requireSessionUserId, type AppContext, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { badRequest, notFound } from '../../http/errors'
import { respondIdempotent } from '../../http/idempotency'
import type { AnnounceDeps } from '../../realtime/announce'
import { bodyOf } from '../../http/validation'
import type { StepUp } from '../auth/step-up'
import type { BalanceService } from './balance.service'
import { toAdminWithdrawalDto, toWithdrawalDto } from './payments.mapper'
import type { WithdrawalsService } from './withdrawals.service'

const MAX_PAGE = 100_000

/** ?page=, 1 when absent; anything but a whole number from 1 is a 400. */
export function pageParam(ctx: AppContext): number {
  const raw = ctx.query.page
  if (raw === undefined) return 1
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE) {
    throw badRequest('page must be a whole number from 1', 'validation_error')
  }
  return Number(raw)
}

function idParam(ctx: AppContext): number {
  const raw = ctx.params.id ?? ''
  if (!/^\d{1,9}$/.test(raw)) throw notFound('Withdrawal not found')
  return Number(raw)
}

/** Money out and the balance: the user's own (signed in; requesting also needs an account that is not banned). */
export function withdrawalRoutes(deps: {
  withdrawals: WithdrawalsService
  balance: BalanceService
  stepUp: StepUp
  announce: AnnounceDeps
}): Router<AppState> {
  const router = new Router<AppState>()
  const on = paymentsEndpoints
  const { withdrawals, balance, stepUp } = deps
  const announcing = { deps: deps.announce, what: 'withdrawal' }

  mount(router, on.postWithdrawals, async (ctx) => {
    const user = await requireActiveUser(ctx)
    // money out: with two-factor on, a second factor from the last 5 minutes or one in the body
    await stepUp.require(ctx, user)
    const input = bodyOf(ctx, on.postWithdrawals)
    // an Idempotency-Key makes a retried request answer the first one instead of holding the money twice
    await respondIdempotent(
      ctx,
      user.id,
      async (tx) => {
        const answer = await withdrawals.request(tx, user.id, dollarsToCents(input.amount)!, input.destination)
        return { ...answer, body: toWithdrawalDto(answer.body) }
      },
      announcing,
    )
  })

  mount(router, on.getWithdrawals, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    ctx.body = (await withdrawals.list(ctx.state.em, userId)).map(toWithdrawalDto)
  })

  mount(router, on.getBalance, async (ctx) => {
    ctx.body = await balance.summary(ctx.state.em, requireSessionUserId(ctx))
  })

  mount(router, on.getBalanceHistory, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    const { items, total } = await balance.history(ctx.state.em, userId, pageParam(ctx))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })

  return router
}

/** The admins' queue of withdrawals: list by status, read one, approve (paid out by the provider), reject with a reason. */
export function adminWithdrawalRoutes(deps: { withdrawals: WithdrawalsService; stepUp: StepUp; announce: AnnounceDeps }): Router<AppState> {
  const router = new Router<AppState>()
  const on = paymentsEndpoints
  const { withdrawals, stepUp } = deps
  const announcing = { deps: deps.announce, what: 'withdrawal' }

  router.use('/api/admin/withdrawals', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })

  mount(router, on.getAdminWithdrawals, async (ctx) => {
    const status = ctx.query.status
    if (status !== undefined && (typeof status !== 'string' || !(WITHDRAWAL_STATUSES as readonly string[]).includes(status))) {
      throw badRequest(`status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`, 'validation_error')
    }
    const { items, total } = await withdrawals.adminList(ctx.state.em, status as WithdrawalStatus | undefined, pageParam(ctx))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items.map(toAdminWithdrawalDto)
  })

  mount(router, on.getAdminWithdrawalsById, async (ctx) => {
    ctx.body = toAdminWithdrawalDto(await withdrawals.adminOne(ctx.state.em, idParam(ctx)))
  })

  // money moves (hold → provider, or back to the wallet): an Idempotency-Key answers a retry with the first answer
  mount(router, on.postAdminWithdrawalsApprove, async (ctx) => {
    const admin = await requireAdmin(ctx)
    await stepUp.require(ctx, admin)
    const id = idParam(ctx)
    await respondIdempotent(
      ctx,
      admin.id,
      async (tx) => {
        const answer = await withdrawals.approve(tx, id, admin.id)
        return { ...answer, body: toAdminWithdrawalDto(answer.body) }
      },
      announcing,
    )
  })

  mount(router, on.postAdminWithdrawalsReject, async (ctx) => {
    const admin = await requireAdmin(ctx)
    await stepUp.require(ctx, admin)
    const id = idParam(ctx)
    const { reason } = bodyOf(ctx, on.postAdminWithdrawalsReject)
    await respondIdempotent(
      ctx,
      admin.id,
      async (tx) => {
        const answer = await withdrawals.reject(tx, id, admin.id, reason)
        return { ...answer, body: toAdminWithdrawalDto(answer.body) }
      },
      announcing,
    )
  })

  return router
}
