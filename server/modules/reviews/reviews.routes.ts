import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { REVIEW_MESSAGES } from '@shared/api/reviews'
import { TRANSACTION_MESSAGES } from '@shared/api/transactions'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { actsAsAdmin, requireActiveUser, requireAdmin } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { notFound } from '../../http/errors'
import { serialOrNotFound } from '../../http/path-ids'
import { bodyOf, queryOf } from '../../http/validation'
import { parseSellerId } from '../sellers/sellers.params'
import { commitThenAnnounce, type AnnounceDeps } from '../../realtime/announce'
import type { ReviewsService } from './reviews.service'

const dealIdParam = (ctx: AppContext) => serialOrNotFound(ctx.params.id, TRANSACTION_MESSAGES.notFound)

/**
 * Reviews: a deal's review (`/api/transactions/{id}/review`, mounted before the escrow routes, whose
 * `/:id/:step` would otherwise answer "No such step") and a seller's reviews (`/api/sellers/{id}/reviews`).
 */
export function reviewsRoutes(deps: { reviews: ReviewsService; announce: AnnounceDeps }): Router<AppState> {
  const router = new Router<AppState>()
  const on = reviewsEndpoints
  const { reviews } = deps

  mount(router, on.getTransactionsReview, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.body = await reviews.forDeal(ctx.state.em, { userId: user.id, isAdmin: actsAsAdmin(user) }, dealIdParam(ctx))
  })

  mount(router, on.postTransactionsReview, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const id = dealIdParam(ctx)
    const input = bodyOf(ctx, on.postTransactionsReview)
    const review = await commitThenAnnounce(ctx.state.em, deps.announce, 'review', (tx) =>
      reviews.write(tx, { userId: user.id, isAdmin: actsAsAdmin(user) }, id, input),
    )
    ctx.status = 201
    ctx.body = review
  })

  mount(router, on.getSellersReviews, async (ctx) => {
    const id = parseSellerId(ctx.params.id)
    const page = await reviews.forSeller(ctx.state.em, id, queryOf(ctx, on.getSellersReviews))
    if (!page) throw notFound(REVIEW_MESSAGES.sellerNotFound)
    ctx.set(TOTAL_COUNT_HEADER, String(page.rating.count))
    ctx.body = page
  })

  return router
}

/** /api/admin/reviews/{id}/remove: an admin takes a review down, with the reason the audit log and the deal keep. */
export function adminReviewRoutes(deps: { reviews: ReviewsService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = reviewsEndpoints

  mount(router, on.postAdminReviewsRemove, async (ctx) => {
    const admin = await requireAdmin(ctx)
    const id = serialOrNotFound(ctx.params.id, REVIEW_MESSAGES.notFound)
    const { reason } = bodyOf(ctx, on.postAdminReviewsRemove)
    ctx.body = await deps.reviews.remove(ctx.state.em, admin.id, id, reason)
  })

  return router
}
