import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { queryOf } from '../../http/validation'
import type { ConversationsService } from './conversations.service'

/** GET /api/admin/conversations: every conversation as support sees it, filtered and paged; admins only (401 / 403). */
export function supportDeskRoutes(deps: { conversations: ConversationsService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = conversationsEndpoints

  router.use('/api/admin/conversations', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })

  mount(router, on.getAdminConversations, async (ctx) => {
    const { items, total } = await deps.conversations.supportDesk(ctx.state.em, queryOf(ctx, on.getAdminConversations))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })

  return router
}
