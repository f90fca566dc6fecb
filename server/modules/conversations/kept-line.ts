import type { EntityManager } from '@mikro-orm/postgresql'
import { runPreparedIn } from '../../db/prepared'

/** A system line to keep in a conversation under `key`, written `at` in the name of `senderId` (a party); at most 4,000 characters. */
export interface KeptLine {
  conversationId: number
  key: string
  senderId: number
  content: string
  at: Date
}

/** The line as stored (`editedAt` set when it was rewritten rather than added), and who hears its conversation. */
export interface KeptLineRow {
  id: number
  createdAt: Date
  editedAt: Date | null
  buyerHasRead: boolean
  sellerHasRead: boolean
  adminHasRead: boolean
  buyerId: number
  sellerId: number
  adminJoined: boolean
}

/**
 * Adds the line, or rewrites the one already kept under its key (`on conflict` on the partial unique index), in one
 * statement. A rewrite keeps the line's place and time, takes the new writer and text, and is read again only by the
 * writer's side, as a new line would be; the conversation's activity time moves only for a new line, so the list does
 * not reorder for a line that is not new.
 */
const KEEP_LINE_SQL = `with cv as (
  select id, buyer_id, seller_id, admin_joined_at is not null as admin_joined from conversations where id = ?
), p as (select ?::int as sender_id, ?::text as system_key, ?::text as content, ?::timestamptz as at),
line as (
  insert into messages (conversation_id, sender_id, is_system, system_key, content, created_at, buyer_has_read, seller_has_read, admin_has_read)
  select cv.id, p.sender_id, true, p.system_key, p.content, p.at, cv.buyer_id = p.sender_id, cv.seller_id = p.sender_id, false from cv, p
  on conflict (conversation_id, system_key) where system_key is not null do update set
    sender_id = excluded.sender_id, content = excluded.content, edited_at = excluded.created_at,
    buyer_has_read = excluded.buyer_has_read, seller_has_read = excluded.seller_has_read, admin_has_read = excluded.admin_has_read
  returning id, created_at, edited_at, buyer_has_read, seller_has_read, admin_has_read
), touched as (
  update conversations c set last_message_at = p.at from p
  where c.id = (select id from cv) and c.last_message_at < p.at and exists (select 1 from line where edited_at is null)
)
select line.*, cv.buyer_id, cv.seller_id, cv.admin_joined from line, cv`

interface Row {
  id: number
  created_at: string
  edited_at: string | null
  buyer_has_read: boolean
  seller_has_read: boolean
  admin_has_read: boolean
  buyer_id: number
  seller_id: number
  admin_joined: boolean
}

/** Keeps the line inside the caller's transaction; null when the conversation is gone. */
export async function keepLine(tx: EntityManager, line: KeptLine): Promise<KeptLineRow | null> {
  const [row] = await runPreparedIn<Row>(tx, 'chat_keep_system_line', KEEP_LINE_SQL, [
    line.conversationId,
    line.senderId,
    line.key,
    line.content,
    line.at,
  ])
  if (!row) return null
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at),
    buyerHasRead: row.buyer_has_read,
    sellerHasRead: row.seller_has_read,
    adminHasRead: row.admin_has_read,
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    adminJoined: row.admin_joined,
  }
}
