import type { EntityManager } from '@mikro-orm/postgresql'
import { CHAT_MESSAGES, sendMessageSchema, type MessageDto } from '@shared/api/conversations'
import { notFound } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import { parseObject } from '../../http/validation'
import type { ChatViewer } from './chat-roles'
import type { ConversationsService } from './conversations.service'

const MAX_SERIAL = 2_147_483_647

/** A conversation id from a path or a socket message; anything that cannot be one is simply not found. */
export function conversationIdOrNotFound(id: number): number {
  if (!(Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL)) throw notFound(CHAT_MESSAGES.notFound)
  return id
}

export interface SendMessageDeps {
  conversations: ConversationsService
  rateLimits: RateLimits
}

/**
 * One chat send after the sender is known to be an active user, by HTTP or by socket: the rate limit (429),
 * the shared body schema (400), then the service (access, idempotency, live events). Both entries call this,
 * so they cannot drift apart.
 */
export async function sendMessage(
  deps: SendMessageDeps,
  em: EntityManager,
  viewer: ChatViewer,
  conversationId: number,
  body: unknown,
): Promise<{ message: MessageDto; created: boolean }> {
  await deps.rateLimits.consume('chatMessage', String(viewer.userId))
  return deps.conversations.send(em, viewer, conversationId, parseObject(sendMessageSchema, body))
}
