/**
 * SQL of the conversations and messages tables for another module's statement: a purchase opens its conversation,
 * and a deal's step writes its lines in the chat, in the same round trip as the deal. Arguments are SQL expressions of
 * the caller's statement.
 */

/**
 * Opens the conversation of a buyer, a seller and a listing about a deal for each row of `source`, unless they have
 * one (`on conflict do nothing`: the caller links the one they have); answers the new one's id. The times are both
 * `at`: a conversation opened by a deal starts with its lines.
 */
export const openConversationSql = (source: string, columns: { buyerId: string; sellerId: string; listingId: string; dealId: string; at: string }) =>
  `insert into conversations (buyer_id, seller_id, listing_id, transaction_id, created_at, last_message_at)
    select ${columns.buyerId}, ${columns.sellerId}, ${columns.listingId}, ${columns.dealId}, ${columns.at}, ${columns.at} from ${source}
    on conflict do nothing returning id`

/**
 * The system lines `lines` (a jsonb array of `{ sender_id, content, from_admin }`, in order) in the conversation
 * `conversationId`, stamped `at`, as three named parts of a statement: `${name}_conversation` (the conversation's
 * parties and whether support joined, when there are lines), `${name}_touched` (its activity time moved to `at` when
 * that is later: a conversation the same statement opened already has it, and is not written twice) and `name` (the
 * lines' ids). A line is read by its sender's side, or by support when support sent it.
 */
export const systemLinesSql = (name: string, conversationId: string, lines: string, at: string) => `${name}_conversation as (
    select id, buyer_id, seller_id, admin_joined_at is not null as admin_joined from conversations where id = ${conversationId} and jsonb_array_length(${lines}) > 0
  ),
  ${name}_touched as (
    update conversations set last_message_at = ${at} where id = (select id from ${name}_conversation) and last_message_at < ${at}
  ),
  ${name} as (
    insert into messages (conversation_id, sender_id, is_from_admin, is_system, content, created_at, buyer_has_read, seller_has_read, admin_has_read)
    select cv.id, m.sender_id, m.from_admin, true, m.content, ${at}, cv.buyer_id = m.sender_id and not m.from_admin, cv.seller_id = m.sender_id and not m.from_admin, m.from_admin
    from ${name}_conversation cv, rows from (jsonb_to_recordset(${lines}) as (sender_id int, content text, from_admin boolean)) with ordinality as m(sender_id, content, from_admin, n) order by m.n
    returning id
  )`
