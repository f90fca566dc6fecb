import type { EntityManager } from '@mikro-orm/postgresql'
import type { ChatRole, SendMessageRequest } from '@shared/api/conversations'
import { memberIds, type ChatViewer } from './chat-roles'
import type { MessageFields } from './conversation.mapper'

export type WriteResult =
  /** the viewer has no side in the conversation, or it does not exist */
  | { outcome: 'no_access' }
  /** the sender already used this clientId (in this conversation or another) */
  | { outcome: 'duplicate'; clientId: string }
  /** members: who hears the conversation's events now (the parties, and 999 once an admin has written) */
  | { outcome: 'written'; role: ChatRole; message: MessageFields; members: number[] }

interface Row {
  role: ChatRole | null
  buyer_id: number
  seller_id: number
  admin_joined: boolean
  message_id: number | null
  username: string
}

/**
 * The row lock on the conversation comes first, so ids and the activity time follow commit order; the role
 * decides the read flags and whether anything is written at all; a clientId the sender used before writes
 * nothing (`on conflict do nothing`, which also settles concurrent retries without an error).
 */
const WRITE_SQL = `
with target as (
  select id, buyer_id, seller_id, admin_joined_at,
    case when buyer_id = ? then 'buyer' when seller_id = ? then 'seller' when ?::boolean then 'admin' end as role
  from conversations where id = ? for update
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
select t.role, t.buyer_id, t.seller_id, (t.admin_joined_at is not null or t.role = 'admin') as admin_joined,
  (select id from written) as message_id, (select username from users where id = ?) as username
from target t`

/**
 * Writes a message as the viewer's side in one statement (lock, insert, activity time, admin joining): a send
 * is the chat's hottest write, and one round trip instead of a transaction of six keeps a busy instance from
 * spending its time on the way to and from the database.
 */
export async function writeMessage(em: EntityManager, viewer: ChatViewer, conversationId: number, request: SendMessageRequest): Promise<WriteResult> {
  const now = new Date()
  const clientId = request.clientId ?? null
  const [row] = await em.execute<Row[]>(WRITE_SQL, [
    viewer.userId,
    viewer.userId,
    viewer.isAdmin,
    conversationId,
    viewer.userId,
    request.content,
    clientId,
    now,
    now,
    now,
    viewer.userId,
  ])
  if (!row?.role) return { outcome: 'no_access' }
  // only a clientId can make the insert write nothing
  if (row.message_id === null) return { outcome: 'duplicate', clientId: clientId! }
  const { role } = row
  return {
    outcome: 'written',
    role,
    members: memberIds(row.buyer_id, row.seller_id, row.admin_joined),
    message: {
      id: row.message_id,
      conversation: { id: conversationId },
      sender: { id: viewer.userId, username: row.username },
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
