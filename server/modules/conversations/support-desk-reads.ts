import type { EntityManager } from '@mikro-orm/postgresql'
import { ADMIN_CONVERSATIONS_PAGE_SIZE, type AdminConversationDto, type AdminConversationQuery } from '@shared/api/admin-conversations'
import { transactionDisplayId, type TransactionStatus } from '@shared/api/transactions'
import { ADMIN_SENDER_ID } from '@shared/constants'
import { searchKey } from '@shared/listings/filter'
import type { Presence } from '../../realtime/presence'
import { escapeLike } from '../listings/listings.query'
import { describeConversations } from './conversation-reads'

/**
 * Whom the support desk describes conversations to: admins as one identity (999), which is never a party, so every
 * conversation reads as role admin, with what no admin has read as its unread count.
 */
const SUPPORT_DESK = { userId: ADMIN_SENDER_ID, isAdmin: true } as const

/** A number typed into the search: "ACC-012" names a deal, "#12" a conversation, "12" either. */
const NUMBER_PATTERN = /^(acc-?|#)?0*(\d{1,9})$/

interface Where {
  sql: string[]
  params: unknown[]
}

function filtersOf(query: AdminConversationQuery): Where {
  const where: Where = { sql: [], params: [] }
  const q = query.q ? searchKey(query.q) : ''
  if (q) {
    const like = `%${escapeLike(q)}%`
    // the listing's stored search text starts with its handle and display name, folded the same way
    const terms = [
      `exists (select 1 from users u where u.id in (c.buyer_id, c.seller_id) and u.username_key like ?)`,
      `exists (select 1 from listings l where l.id = c.listing_id
         and (split_part(l.search_text, chr(1), 1) like ? or split_part(l.search_text, chr(1), 2) like ?))`,
    ]
    where.params.push(like, like, like)
    const number = NUMBER_PATTERN.exec(q)
    if (number) {
      const [, prefix, digits] = number
      if (prefix !== '#') {
        terms.push('c.transaction_id = ?')
        where.params.push(Number(digits))
      }
      if (!prefix?.startsWith('acc')) {
        terms.push('c.id = ?')
        where.params.push(Number(digits))
      }
    }
    where.sql.push(`(${terms.join(' or ')})`)
  }
  if (query.deal) where.sql.push('c.transaction_id is not null')
  if (query.disputed) where.sql.push(`exists (select 1 from escrow_transactions t where t.id = c.transaction_id and t.status = 'disputed')`)
  // one range of the partial index of messages admins have not read
  if (query.unread) where.sql.push('exists (select 1 from messages m where m.conversation_id = c.id and not m.admin_has_read)')
  return where
}

/** One page of every conversation matching the filters, newest activity first, and how many match in all. */
export async function supportDeskPage(em: EntityManager, query: AdminConversationQuery): Promise<{ ids: number[]; total: number }> {
  const { sql, params } = filtersOf(query)
  const offset = (query.page - 1) * ADMIN_CONVERSATIONS_PAGE_SIZE
  const [row] = await em.execute<{ total: number; ids: number[] | null }[]>(
    `with matched as (select c.id, c.last_message_at from conversations c where ${sql.length ? sql.join(' and ') : 'true'})
     select (select count(*) from matched)::int as total,
       array(select id from matched order by last_message_at desc, id desc limit ${ADMIN_CONVERSATIONS_PAGE_SIZE} offset ${offset}) as ids`,
    params,
  )
  return { ids: (row?.ids ?? []).map(Number), total: row?.total ?? 0 }
}

/** The support desk's view of these conversations, in order, each with its deal's number and status. */
export async function describeForSupport(em: EntityManager, presence: Presence, ids: number[]): Promise<AdminConversationDto[]> {
  if (ids.length === 0) return []
  const [conversations, deals] = await Promise.all([
    describeConversations(em, presence, SUPPORT_DESK, ids),
    em.execute<{ id: number; status: TransactionStatus }[]>(
      `select t.id, t.status from escrow_transactions t join conversations c on c.transaction_id = t.id where c.id in (?)`,
      [ids],
    ),
  ])
  const statusOf = new Map(deals.map((deal) => [deal.id, deal.status]))
  return conversations.map((conversation) => {
    const status = conversation.transactionId === null ? undefined : statusOf.get(conversation.transactionId)
    const deal =
      conversation.transactionId !== null && status
        ? { id: conversation.transactionId, displayId: transactionDisplayId(conversation.transactionId), status }
        : null
    return { ...conversation, deal }
  })
}
