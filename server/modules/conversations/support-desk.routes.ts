import Router from '@koa/router'
import { adminConversationQuerySchema } from '@shared/api/admin-conversations'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { parseQuery } from '../../http/validation'
import { EVERY_PATH } from '../../http/routing'
import type { ConversationsService } from './conversations.service'

/** GET /api/admin/conversations: every conversation as support sees it, filtered and paged; admins only (401 / 403). */
export function supportDeskRoutes(deps: { conversations: ConversationsService }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin/conversations' })

  router.use(EVERY_PATH, async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })

  router.get('/', async (ctx) => {
    const { items, total } = await deps.conversations.supportDesk(ctx.state.em, parseQuery(ctx, adminConversationQuerySchema))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })

  return router
}
