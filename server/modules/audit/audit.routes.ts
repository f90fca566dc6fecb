import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { auditEndpoints } from '@shared/api/endpoints/audit'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { queryOf } from '../../http/validation'
import { listAudit } from './audit.service'

/** GET /api/admin/audit: the audit log, newest first, filtered; admins only (401 / 403). */
export function auditRoutes(): Router<AppState> {
  const router = new Router<AppState>()
  const on = auditEndpoints
  router.use('/api/admin/audit', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })
  mount(router, on.getAdminAudit, async (ctx) => {
    const { items, total } = await listAudit(ctx.state.em, queryOf(ctx, on.getAdminAudit))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })
  return router
}
