import type { EntityManager } from '@mikro-orm/postgresql'
import type { ChatRole, SendMessageRequest } from '@shared/api/conversations'
import { runPrepared } from '../../db/prepared'
import { memberIds, type ChatViewer } from './chat-roles'
import type { MessageFields } from './conversation.mapper'

export type WriteResult =
  /** the sender's account is gone (401) or banned (403): nothing is written */
  | { outcome: 'no_sender' }
  | { outcome: 'banned' }
  /** the viewer has no side in the conversation, or it does not exist */
  | { outcome: 'no_access' }
  /** the sender already used this clientId (in this conversation or another) */
  | { outcome: 'duplicate'; clientId: string }
  /** members: who hears the conversation's events now (the parties, and 999 once an admin has written) */
  | { outcome: 'written'; role: ChatRole; message: MessageFields; members: number[]; viewer: ChatViewer }

interface Row {
  sender_found: boolean
  banned: boolean
  is_admin: boolean
  role: ChatRole | null
  buyer_id: number
  seller_id: number
  admin_joined: boolean
  message_id: number | null
  /** null only on the row that says the sender is gone */
  username: string
}

/**
 * The sender is read in the same statement (gone or banned: nothing is written), so a send over a socket
 * needs no separate read of its user. The row lock on the conversation comes first, so ids and the activity time follow commit order; the role
 * decides the read flags and whether anything is written at all; a clientId the sender used before writes
 * nothing (`on conflict do nothing`, which also settles concurrent retries without an error).
 */
const WRITE_SQL = `
with sender as (
  -- an admin's powers need two-factor on (http/access.ts actsAsAdmin)
  select id, username, is_admin and two_factor_since is not null as is_admin, banned_at is not null as banned from users where id = ?
), target as (
  select c.id, c.buyer_id, c.seller_id, c.admin_joined_at,
    case when s.banned then null when c.buyer_id = s.id then 'buyer' when c.seller_id = s.id then 'seller' when s.is_admin then 'admin' end as role
  from conversations c, sender s where c.id = ? for update of c
), written as (
  insert into messages (conversation_id, sender_id, is_from_admin, content, client_id, created_at, buyer_has_read, seller_has_read, admin_has_read)
  select id, ?, role = 'admin', ?, ?, ?::timestamptz, role = 'buyer', role = 'seller', role = 'admin' from target where role is not null
  on conflict (sender_id, client_id) where client_id is not null do nothing
  returning id
), touched as (
  update conversations c set last_message_at = greatest(c.last_message_at, ?::timestamptz),
    admin_joined_at = case when t.role = 'admin' then coalesce(c.admin_joined_at, ?::timestamptz) else c.admin_joined_at end
  from target t where c.id = t.id and exists (select 1 from written)
)
select true as sender_found, s.banned, s.is_admin, s.username, t.role, t.buyer_id, t.seller_id,
  (t.admin_joined_at is not null or t.role = 'admin') as admin_joined, (select id from written) as message_id
from sender s left join target t on true
union all
select false, false, false, null, null, null, null, false, null where not exists (select 1 from sender)`

/**
 * Writes a message as the sender's side in one statement (sender check, lock, insert, activity time, admin
 * joining), prepared once per connection: a send is the chat's hottest write, and one round trip without
 * planning instead of a transaction of six keeps a busy instance and its database from spending their time on
 * the way to and from each other.
 */
export async function writeMessage(em: EntityManager, senderId: number, conversationId: number, request: SendMessageRequest): Promise<WriteResult> {
  const now = new Date()
  const clientId = request.clientId ?? null
  const [row] = await runPrepared<Row>(em, 'chat_write_message', WRITE_SQL, [
    senderId,
    conversationId,
    senderId,
    request.content,
    clientId,
    now,
    now,
    now,
  ])
  if (!row?.sender_found) return { outcome: 'no_sender' }
  if (row.banned) return { outcome: 'banned' }
  if (!row.role) return { outcome: 'no_access' }
  // only a clientId can make the insert write nothing
  if (row.message_id === null) return { outcome: 'duplicate', clientId: clientId! }
  const { role } = row
  return {
    outcome: 'written',
    role,
    viewer: { userId: senderId, isAdmin: row.is_admin },
    members: memberIds(row.buyer_id, row.seller_id, row.admin_joined),
    message: {
      id: row.message_id,
      conversation: { id: conversationId },
      sender: { id: senderId, username: row.username },
      isFromAdmin: role === 'admin',
      content: request.content,
      clientId,
      createdAt: now,
      buyerHasRead: role === 'buyer',
      sellerHasRead: role === 'seller',
      adminHasRead: role === 'admin',
    },
  }
}
