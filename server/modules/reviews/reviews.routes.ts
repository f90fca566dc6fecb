import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { REVIEW_MESSAGES, reviewListQuerySchema, reviewRequestSchema } from '@shared/api/reviews'
import { TRANSACTION_MESSAGES } from '@shared/api/transactions'
import { requireActiveUser } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { notFound } from '../../http/errors'
import { parseBody, parseQuery } from '../../http/validation'
import { parseSellerId } from '../sellers/sellers.params'
import type { ReviewsService } from './reviews.service'

const MAX_SERIAL = 2_147_483_647

/** A deal id from the path; anything that cannot be one is the deal's 404. */
function dealIdParam(ctx: AppContext): number {
  const raw = ctx.params.id ?? ''
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN
  if (!(id >= 1 && id <= MAX_SERIAL)) throw notFound(TRANSACTION_MESSAGES.notFound)
  return id
}

/**
 * Reviews: a deal's review (`/api/transactions/{id}/review`, mounted before the escrow routes, whose
 * `/:id/:step` would otherwise answer "No such step") and a seller's reviews (`/api/sellers/{id}/reviews`).
 */
export function reviewsRoutes(deps: { reviews: ReviewsService }): Router<AppState> {
  const router = new Router<AppState>()
  const { reviews } = deps

  router.get('/api/transactions/:id/review', async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.body = await reviews.forDeal(ctx.state.em, { userId: user.id, isAdmin: user.isAdmin }, dealIdParam(ctx))
  })

  router.post('/api/transactions/:id/review', async (ctx) => {
    const user = await requireActiveUser(ctx)
    const id = dealIdParam(ctx)
    const input = parseBody(ctx, reviewRequestSchema)
    const { review, after } = await ctx.state.em.transactional((tx) => reviews.write(tx, { userId: user.id, isAdmin: user.isAdmin }, id, input))
    await after()
    ctx.status = 201
    ctx.body = review
  })

  router.get('/api/sellers/:id/reviews', async (ctx) => {
    const id = parseSellerId(ctx.params.id)
    const page = await reviews.forSeller(ctx.state.em, id, parseQuery(ctx, reviewListQuerySchema))
    if (!page) throw notFound(REVIEW_MESSAGES.sellerNotFound)
    ctx.set(TOTAL_COUNT_HEADER, String(page.rating.count))
    ctx.body = page
  })

  return router
}
