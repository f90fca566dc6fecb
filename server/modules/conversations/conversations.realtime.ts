import type { Orm } from '../../db/orm'
import { HttpError } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import type { Gateway } from '../../realtime/gateway'
import { User } from '../users/user.entity'
import type { ConversationsService } from './conversations.service'

export interface ChatRealtimeDeps {
  orm: Orm
  conversations: ConversationsService
  rateLimits: RateLimits
}

/**
 * Typing signals from sockets (SPEC §7 `typing` / `stop_typing`). The sender is read from the database on
 * every signal, like an HTTP request, so a ban or a revoked admin flag applies at once; a signal for a
 * conversation the sender may not see, or past the rate limit, is dropped without an answer.
 */
export function registerChatMessages(gateway: Pick<Gateway, 'onClientMessage'>, deps: ChatRealtimeDeps): () => void {
  const handle = async (conversationId: number, sessionUserId: number, typing: boolean) => {
    try {
      await deps.rateLimits.consume('chatTyping', String(sessionUserId))
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) return
      throw err
    }
    // one EntityManager per socket message, as per HTTP request
    const em = deps.orm.em.fork()
    const user = await em.findOne(User, { id: sessionUserId })
    if (!user || user.bannedAt) return
    await deps.conversations.typing(em, { userId: user.id, isAdmin: user.isAdmin }, conversationId, typing)
  }
  const removals = [
    gateway.onClientMessage('typing', (message, context) => handle(message.conversationId, context.session.userId, true)),
    gateway.onClientMessage('stop_typing', (message, context) => handle(message.conversationId, context.session.userId, false)),
  ]
  return () => removals.forEach((remove) => remove())
}
