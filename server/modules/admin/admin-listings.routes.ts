import Router from '@koa/router'
import { LISTING_STATUSES, TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { badRequest } from '../../http/errors'
import { bodyOf } from '../../http/validation'
import type { ListingWritesService } from '../listings/listing-writes.service'
import { listingIdParam } from '../listings/listings.routes'
import { toListingDto } from '../listings/listing.mapper'

const STATUS_MESSAGE = `status must be one of ${LISTING_STATUSES.join(', ')}`

/** Listing moderation: the review queue, approve, reject with a reason. Admins only (401 / 403). */
export function adminListingsRoutes(deps: { writes: ListingWritesService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = adminEndpoints
  const { writes } = deps

  router.use('/api/admin/listings', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })

  mount(router, on.getAdminListings, async (ctx) => {
    const status = ctx.query.status ?? 'pending_review'
    if (typeof status !== 'string' || !(LISTING_STATUSES as readonly string[]).includes(status)) throw badRequest(STATUS_MESSAGE, 'validation_error')
    const { items, total } = await writes.reviewQueue(ctx.state.em, status as (typeof LISTING_STATUSES)[number])
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items.map((l) => toListingDto(l, true))
  })

  mount(router, on.postAdminListingsApprove, async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.body = toListingDto(await writes.approve(ctx.state.em, listingIdParam(ctx), admin.id), true)
  })

  mount(router, on.postAdminListingsReject, async (ctx) => {
    const admin = await requireAdmin(ctx)
    const id = listingIdParam(ctx)
    const { reason } = bodyOf(ctx, on.postAdminListingsReject)
    ctx.body = toListingDto(await writes.reject(ctx.state.em, id, reason, admin.id), true)
  })

  return router
}
