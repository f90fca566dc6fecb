import type { EntityManager } from '@mikro-orm/postgresql'
import { conversationCursor, type ConversationDto, type ConversationListQuery } from '@shared/api/conversations'
import type { Presence } from '../../realtime/presence'
import { roleIn, type ChatViewer } from './chat-roles'
import { Conversation, Message } from './conversation.entities'
import { toConversationDto } from './conversation.mapper'

/** What a list covers: the viewer's own conversations (admins: and those admins joined), or every one. */
export interface ListScope extends Omit<ConversationListQuery, 'all'> {
  viewer: ChatViewer
  /** every conversation; for admins only */
  everything: boolean
}

interface Branch {
  where: string
  params: unknown[]
}

/**
 * The branches whose union is the list. Each is one range of an activity index (buyer's, seller's, admins'
 * joined or all), read newest first and cut at the page size, so a merge of a few short ranges replaces a
 * scan of everything the viewer can see.
 */
function branchesOf(scope: ListScope): Branch[] {
  const { viewer, everything, userId } = scope
  if (everything && userId !== undefined) {
    return [
      { where: 'buyer_id = ?', params: [userId] },
      { where: 'seller_id = ?', params: [userId] },
    ]
  }
  if (everything) return [{ where: 'true', params: [] }]
  const own: Branch[] = [
    { where: 'buyer_id = ?', params: [viewer.userId] },
    { where: 'seller_id = ?', params: [viewer.userId] },
  ]
  if (viewer.isAdmin) own.push({ where: 'admin_joined_at is not null', params: [] })
  return own
}

/** Filters every branch shares: the other party (own lists), the listing and the cursor. */
function sharedFilters(scope: ListScope): Branch {
  const where: string[] = []
  const params: unknown[] = []
  if (scope.userId !== undefined && !scope.everything) {
    where.push('(buyer_id = ? or seller_id = ?)')
    params.push(scope.userId, scope.userId)
  }
  if (scope.listingId !== undefined) {
    where.push('listing_id = ?')
    params.push(scope.listingId)
  }
  if (scope.before) {
    where.push('(last_message_at, id) < (?::timestamptz, ?)')
    params.push(new Date(scope.before.at).toISOString(), scope.before.id)
  }
  return { where: where.length ? where.join(' and ') : 'true', params }
}

/** One page of conversation ids, newest activity first, and the cursor of the next page. */
export async function conversationPage(em: EntityManager, scope: ListScope): Promise<{ ids: number[]; nextCursor: string | null }> {
  const shared = sharedFilters(scope)
  const branches = branchesOf(scope)
  const take = scope.limit + 1
  const sql = branches
    .map(
      (b) =>
        `(select id, last_message_at from conversations where ${b.where} and ${shared.where} order by last_message_at desc, id desc limit ${take})`,
    )
    .join(' union ')
  const params = branches.flatMap((b) => [...b.params, ...shared.params])
  const rows = await em.execute<{ id: number; last_message_at: Date | string }[]>(
    `select id, last_message_at from (${sql}) page order by last_message_at desc, id desc limit ${take}`,
    params,
  )
  const page = rows.slice(0, scope.limit)
  const last = page.at(-1)
  const nextCursor = rows.length > scope.limit && last ? conversationCursor(new Date(last.last_message_at).toISOString(), last.id) : null
  return { ids: page.map((row) => row.id), nextCursor }
}

interface StatsRow {
  id: number
  last_id: number | null
  unread: number
}

/**
 * The last message and the viewer's unread count of each conversation. The CASE picks one role's count per
 * conversation, so each count reads that role's partial unread index and nothing else.
 */
async function conversationStats(em: EntityManager, viewer: ChatViewer, ids: number[]): Promise<Map<number, StatsRow>> {
  const unread = (column: string) => `(select count(*) from messages m where m.conversation_id = c.id and not m.${column})`
  const rows = await em.execute<StatsRow[]>(
    `select c.id,
       (select m.id from messages m where m.conversation_id = c.id order by m.id desc limit 1) as last_id,
       (case when c.buyer_id = ? then ${unread('buyer_has_read')}
             when c.seller_id = ? then ${unread('seller_has_read')}
             else ${unread('admin_has_read')} end)::int as unread
     from conversations c where c.id in (?)`,
    [viewer.userId, viewer.userId, ids],
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Conversations as the viewer sees them, in the order of `ids`: the viewer's role, the other party's
 * presence, the last message and what the viewer has not read. Ids the viewer may not see are left out.
 */
export async function describeConversations(em: EntityManager, presence: Presence, viewer: ChatViewer, ids: number[]): Promise<ConversationDto[]> {
  if (ids.length === 0) return []
  const [conversations, stats] = await Promise.all([
    em.find(Conversation, { id: { $in: ids } }, { populate: ['buyer', 'seller', 'listing'] }),
    conversationStats(em, viewer, ids),
  ])
  const lastIds = [...stats.values()].flatMap((row) => (row.last_id === null ? [] : [row.last_id]))
  const [lastMessages, online] = await Promise.all([
    lastIds.length ? em.find(Message, { id: { $in: lastIds } }, { populate: ['sender'] }) : Promise.resolve([]),
    presence.onlineAmong(conversations.flatMap((c) => [c.buyer.id, c.seller.id])),
  ])
  const byId = new Map(conversations.map((c) => [c.id, c]))
  const lastById = new Map(lastMessages.map((m) => [m.id, m]))
  return ids.flatMap((id) => {
    const conversation = byId.get(id)
    const role = conversation && roleIn(conversation, viewer)
    if (!conversation || !role) return []
    const row = stats.get(id)
    const lastMessage = row?.last_id ? (lastById.get(row.last_id) ?? null) : null
    return [toConversationDto(conversation, { role, lastMessage, unreadCount: row?.unread ?? 0, online })]
  })
}

/**
 * Messages the viewer has not read, over every conversation they see by default: their own as buyer and as
 * seller and, for admins, those an admin has joined (the header badge of SPEC §2).
 */
export async function unreadTotal(em: EntityManager, viewer: ChatViewer): Promise<number> {
  const count = (join: string, column: string) =>
    `(select count(*) from messages m join conversations c on c.id = m.conversation_id where ${join} and not m.${column})`
  const parts = [count('c.buyer_id = ?', 'buyer_has_read'), count('c.seller_id = ?', 'seller_has_read')]
  const params: unknown[] = [viewer.userId, viewer.userId]
  if (viewer.isAdmin) {
    parts.push(count('c.admin_joined_at is not null and c.buyer_id <> ? and c.seller_id <> ?', 'admin_has_read'))
    params.push(viewer.userId, viewer.userId)
  }
  const [row] = await em.execute<{ count: number }[]>(`select (${parts.join(' + ')})::int as count`, params)
  return row?.count ?? 0
}
