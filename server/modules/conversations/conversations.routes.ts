import Router from '@koa/router'
import { NEXT_CURSOR_HEADER } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { actsAsAdmin, requireActiveUser } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { forbidden } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import { bodyOf, queryOf, requestBody } from '../../http/validation'
import type { ChatViewer, ConversationsService } from './conversations.service'
import { conversationIdOrNotFound, sendMessage } from './send-message'

/** A conversation id from the path; anything that cannot be one is simply not found. */
function conversationIdParam(ctx: AppContext): number {
  return conversationIdOrNotFound(/^\d{1,10}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN)
}

/** Every chat route needs a signed-in user who is not banned (401 / 403), read from the database. */
async function viewerOf(ctx: AppContext): Promise<ChatViewer> {
  const user = await requireActiveUser(ctx)
  return { userId: user.id, isAdmin: actsAsAdmin(user) }
}

/** SPEC §7 chat calls. A conversation the viewer may not see is a 404 on every route, whether it exists or not. */
export function conversationRoutes(deps: { conversations: ConversationsService; rateLimits: RateLimits }): Router<AppState> {
  const router = new Router<AppState>()
  const on = conversationsEndpoints
  const { conversations } = deps

  mount(router, on.getConversations, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const { all, ...query } = queryOf(ctx, on.getConversations)
    if (all && !viewer.isAdmin) throw forbidden('Only admins may do this')
    const { items, nextCursor } = await conversations.list(ctx.state.em, { ...query, viewer, everything: all })
    if (nextCursor) ctx.set(NEXT_CURSOR_HEADER, nextCursor)
    ctx.body = items
  })

  mount(router, on.postConversations, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const { conversation, created } = await conversations.open(ctx.state.em, viewer, bodyOf(ctx, on.postConversations))
    ctx.status = created ? 201 : 200
    ctx.body = conversation
  })

  // before /:id, which would otherwise take it
  mount(router, on.getConversationsUnreadCount, async (ctx) => {
    ctx.body = { count: await conversations.unreadCount(ctx.state.em, await viewerOf(ctx)) }
  })

  mount(router, on.getConversationsById, async (ctx) => {
    const viewer = await viewerOf(ctx)
    ctx.body = await conversations.describe(ctx.state.em, viewer, conversationIdParam(ctx))
  })

  mount(router, on.getConversationsMessages, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const id = conversationIdParam(ctx)
    const page = queryOf(ctx, on.getConversationsMessages)
    const { items, nextCursor } = await conversations.messages(ctx.state.em, viewer, id, page)
    if (nextCursor !== null) ctx.set(NEXT_CURSOR_HEADER, String(nextCursor))
    ctx.body = items
  })

  mount(router, on.postConversationsMessages, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const id = conversationIdParam(ctx)
    const { message, created } = await sendMessage(deps, ctx.state.em, viewer, id, requestBody(ctx))
    ctx.status = created ? 201 : 200
    ctx.body = message
  })

  mount(router, on.postConversationsRead, async (ctx) => {
    const viewer = await viewerOf(ctx)
    ctx.body = { updated: await conversations.markRead(ctx.state.em, viewer, conversationIdParam(ctx)) }
  })

  return router
}
