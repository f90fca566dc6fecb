import Router from '@koa/router'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { bodyOf } from '../../http/validation'
import type { SettingsService } from './settings.service'

/** GET / PUT /api/admin/settings: every marketplace setting; admins only (401 signed out, 403 otherwise). */
export function adminSettingsRoutes(deps: { settings: SettingsService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = settingsEndpoints
  router.use('/api/admin/settings', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })
  mount(router, on.getAdminSettings, async (ctx) => {
    ctx.body = await deps.settings.get(ctx.state.em)
  })
  mount(router, on.putAdminSettings, async (ctx) => {
    const admin = await requireAdmin(ctx)
    // checked before the transaction starts: an invalid body is a 400 that touches nothing
    const patch = bodyOf(ctx, on.putAdminSettings)
    ctx.body = await deps.settings.update(ctx.state.em, admin.id, patch)
  })
  return router
}

/**
 * GET /api/site: the settings every visitor sees (the maintenance banner), for the site-wide layout.
 * GET /api/site/trading: the fee, countdowns and reservation time, for the pages that explain a deal.
 */
export function siteRoutes(deps: { settings: SettingsService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = settingsEndpoints
  mount(router, on.getSite, async (ctx) => {
    ctx.body = await deps.settings.siteInfo(ctx.state.em)
  })
  mount(router, on.getSiteTrading, async (ctx) => {
    ctx.body = await deps.settings.tradingTerms(ctx.state.em)
  })
  return router
}
