import { CHAT_ROLES, type ChatRole, type ConversationDto } from '@shared/api/conversations'
import { hasRead, type ChatMessage } from './message-cache'
import { senderRole } from './viewer'

export const ROLE_LABELS: Record<ChatRole, string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Support' }

export type TickState =
  | { kind: 'sending'; label: string }
  | { kind: 'failed'; label: string }
  | { kind: 'sent'; label: string }
  | { kind: 'read'; label: string; readers: ChatRole[] }

/**
 * A message's receipt (SPEC §3: tickStatus per role): sent ✓ until another side reads it, then read ✓✓,
 * naming the sides that have. The writer's own side has always read it and is never named.
 */
export function tickState(message: ChatMessage, conversation: Pick<ConversationDto, 'buyerId'>): TickState {
  if (message.localState === 'sending') return { kind: 'sending', label: 'Sending…' }
  if (message.localState === 'failed') return { kind: 'failed', label: message.localError ?? 'Not sent' }
  const own = senderRole(message, conversation)
  const readers = CHAT_ROLES.filter((role) => role !== own && hasRead(message, role))
  if (readers.length === 0) return { kind: 'sent', label: 'Sent' }
  return { kind: 'read', label: `Read by ${readers.map((r) => ROLE_LABELS[r]).join(' and ')}`, readers }
}
