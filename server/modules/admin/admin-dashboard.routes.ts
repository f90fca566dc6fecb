import Router from '@koa/router'
import { DISPUTE_TRANSCRIPT_LIMIT, DISPUTES_PAGE_SIZE, type DisputeEvidenceDto } from '@shared/api/admin-dashboard'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { TRANSACTION_MESSAGES } from '@shared/api/transactions'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { requireAdmin } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { serialOrNotFound } from '../../http/path-ids'
import { queryOf } from '../../http/validation'
import type { ConversationsService } from '../conversations/conversations.service'
import type { TransactionServices } from '../transactions/transactions.services'
import { readAdminStats } from './admin-stats.reads'

const dealIdParam = (ctx: AppContext) => serialOrNotFound(ctx.params.id, TRANSACTION_MESSAGES.notFound)

export interface AdminDashboardDeps {
  transactions: TransactionServices
  conversations: ConversationsService
}

/**
 * The admin dashboard's reads (admins only: 401 / 403): the figures and series, the disputes queue, and the
 * evidence of one deal. Disputes are settled through the deal's own resolve-release and resolve-refund steps.
 */
export function adminDashboardRoutes(deps: AdminDashboardDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = adminEndpoints
  const { transactions, conversations } = deps

  mount(router, on.getAdminStats, async (ctx) => {
    await requireAdmin(ctx)
    const { days } = queryOf(ctx, on.getAdminStats)
    ctx.body = await readAdminStats(ctx.state.em, days)
  })

  mount(router, on.getAdminDisputes, async (ctx) => {
    const admin = await requireAdmin(ctx)
    const { page } = queryOf(ctx, on.getAdminDisputes)
    const { items, total } = await transactions.queries.disputes(ctx.state.em, { userId: admin.id, isAdmin: true }, page, DISPUTES_PAGE_SIZE)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })

  // the deal with its timeline and checklist, and its chat: any deal, so a settled dispute can still be read
  mount(router, on.getAdminDisputesById, async (ctx) => {
    const admin = await requireAdmin(ctx)
    const viewer = { userId: admin.id, isAdmin: true }
    const transaction = await transactions.queries.get(ctx.state.em, viewer, dealIdParam(ctx))
    const chat = transaction.conversationId
      ? await conversations.messages(ctx.state.em, viewer, transaction.conversationId, { limit: DISPUTE_TRANSCRIPT_LIMIT })
      : { items: [], nextCursor: null }
    const evidence: DisputeEvidenceDto = { transaction, transcript: chat.items, transcriptTruncated: chat.nextCursor !== null }
    ctx.body = evidence
  })

  return router
}
