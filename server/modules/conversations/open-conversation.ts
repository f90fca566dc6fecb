import type { EntityManager } from '@mikro-orm/postgresql'
import { CHAT_MESSAGES } from '@shared/api/conversations'
import { badRequest } from '../../http/errors'
import { Conversation } from './conversation.entities'

export interface OpenConversationInput {
  buyerId: number
  sellerId: number
  listingId?: number | null
  /** the purchase it belongs to; the latest one is kept */
  transactionId?: number | null
}

/**
 * Opens the conversation of a buyer, a seller and a listing, or finds the one that exists. The insert never
 * fails on the unique constraint (`on conflict do nothing`), so a caller's transaction (a purchase) survives
 * a concurrent open of the same conversation, which then is the one found. `tx` must be the caller's
 * transaction: every statement runs on it.
 */
export async function openConversation(tx: EntityManager, input: OpenConversationInput): Promise<{ conversation: Conversation; created: boolean }> {
  if (input.buyerId === input.sellerId) throw badRequest(CHAT_MESSAGES.yourself, 'validation_error')
  const listingId = input.listingId ?? null
  const transactionId = input.transactionId ?? null
  const now = new Date()
  const inserted = await tx.execute<{ id: number }[]>(
    `insert into conversations (buyer_id, seller_id, listing_id, transaction_id, created_at, last_message_at)
     values (?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
    [input.buyerId, input.sellerId, listingId, transactionId, now, now],
  )
  let id = inserted[0]?.id
  const created = id !== undefined
  if (id === undefined) {
    const [existing] = await tx.execute<{ id: number }[]>(
      `select id from conversations where buyer_id = ? and seller_id = ? and listing_id is not distinct from ?`,
      [input.buyerId, input.sellerId, listingId],
    )
    if (!existing) throw new Error('conversation neither inserted nor found')
    id = existing.id
    if (transactionId !== null) {
      await tx.execute(`update conversations set transaction_id = ? where id = ? and transaction_id is distinct from ?`, [
        transactionId,
        id,
        transactionId,
      ])
    }
  }
  // callers describe it for their viewer or link it to a deal: a reference is all they need
  return { conversation: tx.getReference(Conversation, id), created }
}
