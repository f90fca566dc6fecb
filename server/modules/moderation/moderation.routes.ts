import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { MODERATION_MESSAGES } from '@shared/api/moderation'
import { moderationEndpoints } from '@shared/api/endpoints/moderation'
import { requireAdmin } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { serialOrNotFound } from '../../http/path-ids'
import { bodyOf, queryOf } from '../../http/validation'
import { listingIdParam } from '../listings/listings.routes'
import type { ListingModerationService } from './listing-moderation.service'
import type { UserModerationService } from './user-moderation.service'

/** A user id from the path; anything that cannot be one is simply not found. */
function userIdParam(ctx: AppContext): number {
  return serialOrNotFound(ctx.params.id, MODERATION_MESSAGES.userNotFound)
}

/** Every route under `path` is for admins only: 401 signed out, 403 signed in without admin rights (read from the database). */
function adminsOnly(router: Router<AppState>, path: string) {
  router.use(path, async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })
}

/**
 * /api/admin/users: find accounts, ban and unban, flag a violation, delete. Bodies are checked before anything
 * is read or written, so bad input is a 400 that changes nothing.
 */
export function adminUserRoutes(deps: { users: UserModerationService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = moderationEndpoints
  const { users } = deps
  adminsOnly(router, '/api/admin/users')

  mount(router, on.getAdminUsers, async (ctx) => {
    const { items, total } = await users.list(ctx.state.em, queryOf(ctx, on.getAdminUsers))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })

  mount(router, on.banUser, async (ctx) => {
    const id = userIdParam(ctx)
    const { reason } = bodyOf(ctx, on.banUser)
    ctx.body = await users.ban(ctx.state.em, (await requireAdmin(ctx)).id, id, reason)
  })

  mount(router, on.unbanUser, async (ctx) => {
    const id = userIdParam(ctx)
    const { reason } = bodyOf(ctx, on.unbanUser)
    ctx.body = await users.unban(ctx.state.em, (await requireAdmin(ctx)).id, id, reason)
  })

  mount(router, on.flagUser, async (ctx) => {
    const id = userIdParam(ctx)
    const { note } = bodyOf(ctx, on.flagUser)
    ctx.body = await users.flag(ctx.state.em, (await requireAdmin(ctx)).id, id, note)
  })

  // a POST rather than DELETE: the reason travels in a JSON body, which DELETE requests do not carry here
  mount(router, on.deleteUser, async (ctx) => {
    const id = userIdParam(ctx)
    const { reason } = bodyOf(ctx, on.deleteUser)
    ctx.body = await users.remove(ctx.state.em, (await requireAdmin(ctx)).id, id, reason)
  })

  return router
}

/**
 * /api/admin/listings/...: moderation beside the review queue (admin-listings.routes.ts): search every listing,
 * suspend and restore, verify, flag a violation.
 */
export function adminListingModerationRoutes(deps: { listings: ListingModerationService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = moderationEndpoints
  const { listings } = deps
  adminsOnly(router, '/api/admin/listings')

  mount(router, on.getAdminListingsSearch, async (ctx) => {
    const { items, total } = await listings.list(ctx.state.em, queryOf(ctx, on.getAdminListingsSearch))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })

  mount(router, on.suspendListing, async (ctx) => {
    const id = listingIdParam(ctx)
    const { reason } = bodyOf(ctx, on.suspendListing)
    ctx.body = await listings.suspend(ctx.state.em, (await requireAdmin(ctx)).id, id, reason)
  })

  mount(router, on.restoreListing, async (ctx) => {
    const id = listingIdParam(ctx)
    const { reason } = bodyOf(ctx, on.restoreListing)
    ctx.body = await listings.restore(ctx.state.em, (await requireAdmin(ctx)).id, id, reason)
  })

  mount(router, on.verifyListing, async (ctx) => {
    const id = listingIdParam(ctx)
    const { reason } = bodyOf(ctx, on.verifyListing)
    ctx.body = await listings.verify(ctx.state.em, (await requireAdmin(ctx)).id, id, reason)
  })

  mount(router, on.flagListing, async (ctx) => {
    const id = listingIdParam(ctx)
    const { note } = bodyOf(ctx, on.flagListing)
    ctx.body = await listings.flag(ctx.state.em, (await requireAdmin(ctx)).id, id, note)
  })

  return router
}
