import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { RateLimits } from '../../http/rate-limit'
import { conversationRoutes } from './conversations.routes'
import { ConversationsService, type ConversationsDeps } from './conversations.service'
import { supportDeskRoutes } from './support-desk.routes'

export interface ConversationsModule {
  conversations: ConversationsService
  /** the parties' chats, and the admins' support desk over them */
  routers: { conversations: Router<AppState>; supportDesk: Router<AppState> }
}

export function createConversationsModule(deps: ConversationsDeps & { rateLimits: RateLimits }): ConversationsModule {
  const { bus, presence, logger, listings, users, rateLimits } = deps
  const conversations = new ConversationsService({ bus, presence, logger, listings, users })
  return {
    conversations,
    routers: { conversations: conversationRoutes({ conversations, rateLimits }), supportDesk: supportDeskRoutes({ conversations }) },
  }
}
