import type { Orm } from '../../db/orm'
import { actsAsAdmin } from '../../http/access'
import { HttpError } from '../../http/errors'
import { unavailableError } from '../../http/unavailable'
import type { RateLimits } from '../../http/rate-limit'
import type { ClientMessageContext, Gateway } from '../../realtime/gateway'
import { User } from '../users/user.entity'
import type { ConversationsService } from './conversations.service'
import { conversationIdOrNotFound, sendMessage } from './send-message'

export interface ChatRealtimeDeps {
  orm: Orm
  conversations: ConversationsService
  rateLimits: RateLimits
}

interface SocketSend {
  conversationId: number
  content: string
  clientId: string
}

/**
 * Typing signals from sockets (SPEC §7 `typing` / `stop_typing`) and messages sent over a socket. The sender
 * is read from the database on every message, like an HTTP request, so a ban or a revoked admin flag applies at
 * once. A typing signal for a conversation the sender may not see, or past its rate limit, is dropped without an
 * answer; a refused send is answered on its socket with `send_message_error`.
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
    await deps.conversations.typing(em, { userId: user.id, isAdmin: actsAsAdmin(user) }, conversationId, typing)
  }

  /**
   * The REST send's checks (conversation id, then `sendMessage`, whose write checks the sender's account). Success reaches
   * this socket as `message_sent` through the bus, with the sender's other tabs; a repeated clientId publishes
   * nothing, so the first message is answered here.
   */
  const send = async ({ conversationId, content, clientId }: SocketSend, context: ClientMessageContext) => {
    try {
      const em = deps.orm.em.fork()
      const id = conversationIdOrNotFound(conversationId)
      // the write reads the sender's account itself (gone: 401, banned: 403); isAdmin is taken from there too
      const { message, created } = await sendMessage(deps, em, context.session, id, { content, clientId })
      if (!created) context.send({ type: 'message_sent', conversationId: id, message, clientId })
    } catch (raw) {
      // the database away is a refusal with a message (503 over HTTP), not an internal error
      const err = raw instanceof HttpError ? raw : (unavailableError(raw) ?? raw)
      const known = err instanceof HttpError
      const retryAfter = known ? Number(err.headers['Retry-After']) : NaN
      context.send({
        type: 'send_message_error',
        conversationId,
        clientId,
        code: known ? err.code : 'internal',
        message: known ? err.message : 'Internal server error',
        ...(Number.isInteger(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
      })
      // the registry logs what was not a refusal
      if (!known) throw err
    }
  }

  // one socket's sends run one after another, so its messages are stored in the order they were sent
  const queues = new WeakMap<object, Promise<void>>()
  const sendInOrder = (message: SocketSend, context: ClientMessageContext) => {
    const next = (queues.get(context.socketKey) ?? Promise.resolve()).then(() => send(message, context))
    // a failure is logged by the registry through `next`; the queue itself must keep going
    queues.set(
      context.socketKey,
      next.catch(() => undefined),
    )
    return next
  }

  const removals = [
    gateway.onClientMessage('typing', (message, context) => handle(message.conversationId, context.session.userId, true)),
    gateway.onClientMessage('stop_typing', (message, context) => handle(message.conversationId, context.session.userId, false)),
    gateway.onClientMessage('send_message', sendInOrder),
  ]
  return () => removals.forEach((remove) => remove())
}
