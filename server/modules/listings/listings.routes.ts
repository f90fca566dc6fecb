import Router from '@koa/router'
import { LISTING_MESSAGES, TOTAL_COUNT_HEADER, listingInputSchema, listingUpdateSchema } from '@shared/api/listings'
import { listingQuerySchema, type ListingFilters } from '@shared/listings/filter'
import { requireActiveUser } from '../../http/access'
import { badRequest, notFound } from '../../http/errors'
import { serialOrNotFound } from '../../http/path-ids'
import { requireSessionUserId, sessionUserId, type AppContext, type AppState } from '../../http/context'
import { issueMessage, parseBody } from '../../http/validation'
import type { ListingWritesService } from './listing-writes.service'
import { toListingDto } from './listing.mapper'
import type { ListingsService, Viewer } from './listings.service'

/** Query-string filters through the shared schema; the first problem is the 400's message. */
function parseFilters(ctx: AppContext): ListingFilters {
  const result = listingQuerySchema.safeParse(ctx.query)
  if (!result.success) throw badRequest(issueMessage(result.error.issues[0], 'Invalid query'), 'validation_error')
  return result.data
}

/** A listing id from the path; anything that cannot be one is simply not found. */
export function listingIdParam(ctx: AppContext): number {
  return serialOrNotFound(ctx.params.id, LISTING_MESSAGES.notFound)
}

function viewerOf(ctx: AppContext): Viewer | null {
  const userId = sessionUserId(ctx)
  return userId === null ? null : { userId, isAdmin: Boolean(ctx.session?.isAdmin) }
}

export function listingsRoutes(deps: { listings: ListingsService; writes: ListingWritesService }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/accounts' })
  const { listings, writes } = deps

  async function sendPage(ctx: AppContext, filters: ListingFilters) {
    const { items, total } = await listings.search(ctx.state.em, filters)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  }

  router.get('/', async (ctx) => {
    await sendPage(ctx, parseFilters(ctx))
  })

  // the named routes come before /:id, which would otherwise swallow them
  router.get('/search', async (ctx) => {
    await sendPage(ctx, { ...parseFilters(ctx), page: 1 })
  })

  router.get('/featured', async (ctx) => {
    ctx.body = (await listings.featured(ctx.state.em)).map((l) => toListingDto(l))
  })

  router.get('/user', async (ctx) => {
    const userId = requireSessionUserId(ctx)
    ctx.body = (await listings.bySeller(ctx.state.em, userId)).map((l) => toListingDto(l, true))
  })

  router.get('/:id', async (ctx) => {
    const id = listingIdParam(ctx)
    const viewer = viewerOf(ctx)
    const listing = await listings.findVisible(ctx.state.em, id, viewer)
    if (!listing) throw notFound(LISTING_MESSAGES.notFound)
    const ownerOrAdmin = viewer !== null && (viewer.isAdmin || viewer.userId === listing.seller.id)
    ctx.body = toListingDto(listing, ownerOrAdmin)
  })

  // writing: the seller's own listings only; a ban takes selling away at once
  router.post('/', async (ctx) => {
    const seller = await requireActiveUser(ctx)
    const listing = await writes.create(ctx.state.em, seller.id, parseBody(ctx, listingInputSchema))
    ctx.status = 201
    ctx.body = toListingDto(listing, true)
  })

  router.patch('/:id', async (ctx) => {
    const seller = await requireActiveUser(ctx)
    const id = listingIdParam(ctx)
    const listing = await writes.update(ctx.state.em, seller.id, id, parseBody(ctx, listingUpdateSchema))
    ctx.body = toListingDto(listing, true)
  })

  router.delete('/:id', async (ctx) => {
    const seller = await requireActiveUser(ctx)
    await writes.remove(ctx.state.em, seller.id, listingIdParam(ctx))
    ctx.status = 204
  })

  return router
}

export function statsRoutes(deps: { listings: ListingsService }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/stats' })
  const { listings } = deps
  router.get('/', async (ctx) => {
    ctx.body = await listings.stats(ctx.state.em)
  })
  router.get('/platforms', async (ctx) => {
    ctx.body = await listings.platformStats(ctx.state.em)
  })
  router.get('/overall', async (ctx) => {
    ctx.body = await listings.overallStats(ctx.state.em)
  })
  return router
}
