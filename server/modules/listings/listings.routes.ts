import Router from '@koa/router'
import { LISTING_MESSAGES, TOTAL_COUNT_HEADER } from '@shared/api/listings'
import type { ListingFilters } from '@shared/listings/filter'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { requireActiveUser } from '../../http/access'
import { notFound } from '../../http/errors'
import { serialOrNotFound } from '../../http/path-ids'
import { requireSessionUserId, sessionUserId, type AppContext, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { bodyOf, queryOf } from '../../http/validation'
import type { ListingWritesService } from './listing-writes.service'
import { toListingDto } from './listing.mapper'
import type { ListingsService, Viewer } from './listings.service'

/** A listing id from the path; anything that cannot be one is simply not found. */
export function listingIdParam(ctx: AppContext): number {
  return serialOrNotFound(ctx.params.id, LISTING_MESSAGES.notFound)
}

function viewerOf(ctx: AppContext): Viewer | null {
  const userId = sessionUserId(ctx)
  return userId === null ? null : { userId, isAdmin: Boolean(ctx.session?.isAdmin) }
}

export function listingsRoutes(deps: { listings: ListingsService; writes: ListingWritesService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = listingsEndpoints
  const { listings, writes } = deps

  async function sendPage(ctx: AppContext, filters: ListingFilters) {
    const { items, total } = await listings.search(ctx.state.em, filters)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  }

  mount(router, on.getAccounts, async (ctx) => {
    await sendPage(ctx, queryOf(ctx, on.getAccounts))
  })

  // the named routes come before /:id, which would otherwise swallow them
  mount(router, on.getAccountsSearch, async (ctx) => {
    await sendPage(ctx, { ...queryOf(ctx, on.getAccountsSearch), page: 1 })
  })

  mount(router, on.getAccountsFeatured, async (ctx) => {
    ctx.body = (await listings.featured(ctx.state.em)).map((l) => toListingDto(l))
  })

  mount(router, on.getAccountsUser, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    ctx.body = (await listings.bySeller(ctx.state.em, userId)).map((l) => toListingDto(l, true))
  })

  mount(router, on.getAccountsById, async (ctx) => {
    const id = listingIdParam(ctx)
    const viewer = viewerOf(ctx)
    const listing = await listings.findVisible(ctx.state.em, id, viewer)
    if (!listing) throw notFound(LISTING_MESSAGES.notFound)
    const ownerOrAdmin = viewer !== null && (viewer.isAdmin || viewer.userId === listing.seller.id)
    ctx.body = toListingDto(listing, ownerOrAdmin)
  })

  // writing: the seller's own listings only; a ban takes selling away at once
  mount(router, on.postAccounts, async (ctx) => {
    const seller = await requireActiveUser(ctx)
    const listing = await writes.create(ctx.state.em, seller.id, bodyOf(ctx, on.postAccounts))
    ctx.status = 201
    ctx.body = toListingDto(listing, true)
  })

  mount(router, on.patchAccountsById, async (ctx) => {
    const seller = await requireActiveUser(ctx)
    const id = listingIdParam(ctx)
    const listing = await writes.update(ctx.state.em, seller.id, id, bodyOf(ctx, on.patchAccountsById))
    ctx.body = toListingDto(listing, true)
  })

  mount(router, on.deleteAccountsById, async (ctx) => {
    const seller = await requireActiveUser(ctx)
    await writes.remove(ctx.state.em, seller.id, listingIdParam(ctx))
    ctx.status = 204
  })

  return router
}

export function statsRoutes(deps: { listings: ListingsService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = listingsEndpoints
  const { listings } = deps
  mount(router, on.getStats, async (ctx) => {
    ctx.body = await listings.stats(ctx.state.em)
  })
  mount(router, on.getStatsPlatforms, async (ctx) => {
    ctx.body = await listings.platformStats(ctx.state.em)
  })
  mount(router, on.getStatsOverall, async (ctx) => {
    ctx.body = await listings.overallStats(ctx.state.em)
  })
  return router
}
