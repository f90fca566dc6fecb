import type { EntityManager } from '@mikro-orm/postgresql'
import type { ListingStatus } from '@shared/api/listings'
import type { TransactionRole, TransactionStatus } from '@shared/api/transactions'
import { runPreparedIn } from '../../db/prepared'
import { openConversationSql, systemLinesSql } from '../conversations/conversations.sql'
import { accounts, ESCROW_CODE_PREFIX, openAccountSql } from '../ledger/ledger.service'
import { moveListingSql } from '../listings/listings.sql'
import { insertNotificationsSql } from '../notifications/notifications.sql'
import { SETTING_KEYS, storedSettingsSql, type StoredSetting } from '../settings/settings.service'
import type { ChecklistRow, Deal, DealColumns, NewDeal, NotificationDraft, Party, TimelineRow } from './deal'

/** A ledger account a statement read or created, as the ledger remembers it. */
export interface AccountRow {
  id: number
  createdAt: Date
}

/** A listing locked for a purchase, with its seller. */
export interface ListingForSale {
  settings: StoredSetting[]
  listing: Deal['listing'] & { priceCents: number }
  seller: Party & { banned: boolean }
  /** the buyer's wallet, when they have one: locked by the statement */
  buyerWallet: AccountRow | null
}

/** What a request's steps write besides the deal's own row (which is written whole, as `deal` now is). */
export interface StepWrite {
  /** the steps' timeline lines, in order */
  events: { status: TransactionStatus | null; actorId: number | null; role: TransactionRole | 'system'; note: string }[]
  /** the deal's checklist is copied from its platform's steps (once) */
  copyChecklist: boolean
  /** the listing's new status, when the step moves it */
  listingStatus: ListingStatus | null
  /** why the listing is off sale, when the step suspends it */
  listingReason: string | null
  notifications: NotificationDraft[]
  /**
   * system lines in the deal's chat, in order, each as its `senderId` (at most 4,000 characters: the caller trims them,
   * as it announces them); `fromAdmin` for an admin's step, shown as Handover Support (999) like an admin's messages
   */
  chats: { senderId: number; content: string; fromAdmin?: boolean }[]
}

/** What the steps' statement answers: the detail's timeline and checklist, the stored notifications and chat lines. */
export interface StepWritten {
  timeline: TimelineRow[]
  checklist: ChecklistRow[]
  /** the stored notifications' ids, in the order of the drafts */
  notificationIds: number[]
  /** the stored chat lines' ids, in the order of `chats` */
  messageIds: number[]
  /** the deal's conversation, when chat lines were stored in it */
  conversation: { buyerId: number; sellerId: number; adminJoined: boolean } | null
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value))

const columnsOf = (deal: Omit<Deal, 'id' | 'stored'>): DealColumns => ({
  conversationId: deal.conversation?.id ?? null,
  status: deal.status,
  processorFeeCents: deal.processorFeeCents,
  paymentMethod: deal.paymentMethod,
  reservedUntil: deal.reservedUntil,
  countdownEndsAt: deal.countdownEndsAt,
  disputeReason: deal.disputeReason,
  refundedTo: deal.refundedTo,
  updatedAt: deal.updatedAt,
  paidAt: deal.paidAt,
  closedAt: deal.closedAt,
})

const sameColumns = (a: DealColumns, b: DealColumns) =>
  (Object.keys(a) as (keyof DealColumns)[]).every((key) => {
    const x = a[key]
    const y = b[key]
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y
  })

/**
 * The statements below take one parameter, a jsonb object of named values (`p.j`), instead of a list of positional
 * ones: each part reads its values by name. Rows go in as jsonb and come out typed as their table's row
 * (`jsonb_populate_record(null::escrow_transactions, …)`), so a column keeps its table's type without a cast per value.
 */
const PARAMS = `p as (select ?::jsonb as j)`

/** The listing's columns, as both locks select them. */
const LISTING_COLUMNS = `l.id as listing_id, l.platform, l.account_title, l.username as listing_username, l.images, l.status as listing_status,
  l.sold_at, l.price_cents as listing_price_cents`

function listingOf(row: Record<string, never>): ListingForSale['listing'] {
  return {
    id: row.listing_id,
    platform: row.platform,
    accountTitle: row.account_title,
    username: row.listing_username,
    images: row.images,
    status: row.listing_status,
    soldAt: date(row.sold_at),
    priceCents: Number(row.listing_price_cents),
  }
}

const LOCK_DEAL_SQL = `select d.*, ${LISTING_COLUMNS},
  b.username as buyer_username, b.avatar as buyer_avatar, s.username as seller_username, s.avatar as seller_avatar,
  s.banned_at is not null as seller_banned
from escrow_transactions d join listings l on l.id = d.listing_id join users b on b.id = d.buyer_id join users s on s.id = d.seller_id
where d.id = ? for update of d for key share of s`

/**
 * The deal's row locked (its listing, parties and conversation read with it), or null. One statement. The seller's
 * row is held too, in key share: a ban (which locks the user for update) then waits for the step, or the step for
 * the ban, so a step that gives the listing back always knows whether the seller is banned by the time it commits,
 * and a ban never misses a listing the step puts back on sale.
 */
export async function lockDeal(tx: EntityManager, id: number): Promise<Deal | null> {
  const [row] = await runPreparedIn<Record<string, never>>(tx, 'escrow_lock_deal', LOCK_DEAL_SQL, [id])
  if (!row) return null
  const deal: Deal = {
    id: row.id,
    listing: listingOf(row),
    buyer: { id: row.buyer_id, username: row.buyer_username, avatar: row.buyer_avatar },
    seller: { id: row.seller_id, username: row.seller_username, avatar: row.seller_avatar },
    sellerBanned: row.seller_banned,
    conversation: row.conversation_id === null ? null : { id: row.conversation_id },
    status: row.status,
    priceCents: Number(row.price_cents),
    escrowFeeCents: Number(row.escrow_fee_cents),
    processorFeeCents: Number(row.processor_fee_cents),
    paymentMethod: row.payment_method,
    countdownDays: row.countdown_days,
    reservedUntil: date(row.reserved_until),
    countdownEndsAt: date(row.countdown_ends_at),
    disputeReason: row.dispute_reason,
    refundedTo: row.refunded_to,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    paidAt: date(row.paid_at),
    closedAt: date(row.closed_at),
  }
  deal.stored = columnsOf(deal)
  return deal
}

const LOCK_LISTING_SQL = `select ${LISTING_COLUMNS},
  s.id as seller_id, s.username as seller_username, s.avatar as seller_avatar, s.banned_at is not null as seller_banned,
  (select coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]') from (${storedSettingsSql('?::text[]')}) st) as settings,
  w.id as wallet_id, w.created_at as wallet_created_at
from (select * from listings where id = ? for update) l join users s on s.id = l.seller_id
  left join lateral (select id, created_at from ledger_accounts where code = ? and l.id is not null for update) w on true`

/**
 * The listing's row locked for a purchase, with its seller (not locked), the stored settings and the buyer's wallet
 * (by its code), or null. One statement. The wallet's row is locked too, after the listing's (the order the purchase
 * took them in when they were two statements), so the payment that follows reads its balance without locking it
 * again: a round trip less on the busiest write. A listing that is not there locks no wallet.
 */
export async function lockListing(tx: EntityManager, id: number, walletCode: string): Promise<ListingForSale | null> {
  const [row] = await runPreparedIn<Record<string, never>>(tx, 'escrow_lock_listing', LOCK_LISTING_SQL, [SETTING_KEYS, id, walletCode])
  if (!row) return null
  return {
    settings: row.settings,
    listing: listingOf(row),
    seller: { id: row.seller_id, username: row.seller_username, avatar: row.seller_avatar, banned: row.seller_banned },
    buyerWallet: row.wallet_id === null ? null : { id: row.wallet_id, createdAt: new Date(row.wallet_created_at) },
  }
}

/** kind and floor of every deal's escrow account; its code is the prefix and the deal's id */
const ESCROW_SPEC = accounts.escrow(0)

const CREATE_DEAL_SQL = `with ${PARAMS},
  n as (select nextval('escrow_transactions_id_seq')::int as id),
  r as (select * from p, jsonb_populate_record(null::escrow_transactions, p.j->'deal')),
  c as (${openConversationSql('n, r', { buyerId: 'r.buyer_id', sellerId: 'r.seller_id', listingId: 'r.listing_id', dealId: 'n.id', at: 'r.created_at' })}),
  d as (
    insert into escrow_transactions (id, listing_id, buyer_id, seller_id, conversation_id, status, price_cents, escrow_fee_cents, processor_fee_cents,
      payment_method, countdown_days, reserved_until, created_at, updated_at, paid_at)
    select n.id, r.listing_id, r.buyer_id, r.seller_id, (select id from c), r.status, r.price_cents, r.escrow_fee_cents, r.processor_fee_cents,
      r.payment_method, r.countdown_days, r.reserved_until, r.created_at, r.updated_at, r.paid_at
    from n, r returning id, conversation_id
  ),
  ea as (${openAccountSql('d', "(select j->'escrow_account' from p)", "(select j->>'escrow_code_prefix' from p) || d.id")})
select d.id, d.conversation_id, ea.id as escrow_account_id, ea.created_at as escrow_account_created_at
from d left join ea on true`

/**
 * A new deal's row (`written`: the deal's fields, or the row as the request's later step will leave it), its escrow
 * account (as `accounts.escrow` describes it), and the buyer's conversation with the seller about the listing when they
 * had none (null: they had one, which the caller links). One statement: the deal's id is drawn first, so the deal and
 * its conversation are each written once, already pointing at each other (their foreign keys are checked when the
 * statement ends). Answers the deal as `fields`, with its conversation.
 */
export async function createDeal(
  tx: EntityManager,
  fields: NewDeal,
  written: NewDeal = fields,
): Promise<{ deal: Deal; escrowAccount: AccountRow | null }> {
  const { listing, buyer, seller, createdAt } = written
  const [row] = await runPreparedIn<{
    id: number
    conversation_id: number | null
    escrow_account_id: number | null
    escrow_account_created_at: string | null
  }>(tx, 'escrow_create_deal', CREATE_DEAL_SQL, [
    {
      deal: {
        listing_id: listing.id,
        buyer_id: buyer.id,
        seller_id: seller.id,
        status: written.status,
        price_cents: written.priceCents,
        escrow_fee_cents: written.escrowFeeCents,
        processor_fee_cents: written.processorFeeCents,
        payment_method: written.paymentMethod,
        countdown_days: written.countdownDays,
        reserved_until: written.reservedUntil,
        created_at: createdAt,
        updated_at: written.updatedAt,
        paid_at: written.paidAt,
      },
      escrow_code_prefix: ESCROW_CODE_PREFIX,
      escrow_account: { kind: ESCROW_SPEC.kind, user_id: ESCROW_SPEC.userId, allow_negative: ESCROW_SPEC.allowNegative },
    },
  ])
  if (!row) throw new Error('the deal was not created')
  const conversation = row.conversation_id === null ? null : { id: row.conversation_id }
  const deal: Deal = { ...fields, id: row.id, conversation, stored: columnsOf({ ...written, conversation }) }
  const escrowAccount = row.escrow_account_id === null ? null : { id: row.escrow_account_id, createdAt: new Date(row.escrow_account_created_at!) }
  return { deal, escrowAccount }
}

/**
 * A request's steps written in one statement: the deal's row as it now is (when that is not what it holds), their timeline lines, the checklist copy,
 * the listing's status, the notifications, and their lines in the chat. The conversation's activity time moves to the
 * lines' time only when that is later: a conversation the purchase opened with them already has it, and is not
 * written a second time (a new row version and an entry in each of its seven indexes).
 * Answers the deal's whole timeline and checklist for the detail, and the ids the live events need.
 */
const SAVE_STEP_SQL = `with ${PARAMS},
  d as (
    update escrow_transactions t set conversation_id = r.conversation_id, status = r.status, processor_fee_cents = r.processor_fee_cents,
      payment_method = r.payment_method, reserved_until = r.reserved_until, countdown_ends_at = r.countdown_ends_at, dispute_reason = r.dispute_reason,
      refunded_to = r.refunded_to, updated_at = r.updated_at, paid_at = r.paid_at, closed_at = r.closed_at
    from p, jsonb_populate_record(null::escrow_transactions, p.j->'deal') r
    where t.id = r.id and (p.j->>'write_deal')::boolean returning t.id
  ),
  ev as (
    insert into escrow_transaction_events (transaction_id, status, actor_id, actor_role, note, created_at)
    select (p.j->>'deal_id')::int, e.status, e.actor_id, e.actor_role, e.note, (p.j->>'now')::timestamptz
    from p, rows from (jsonb_populate_recordset(null::escrow_transaction_events, p.j->'events')) with ordinality as e order by e.ordinality
    returning id, status, actor_role, note, created_at
  ),
  ck as (
    insert into transaction_checklist (transaction_id, position, title, description)
    select (p.j->>'deal_id')::int, h.position, h.title, h.description from p, handover_steps h
    where h.platform = p.j->>'platform' and (p.j->>'copy_checklist')::boolean
      and not exists (select 1 from transaction_checklist where transaction_id = (p.j->>'deal_id')::int) order by h.position
    returning id, position, title, description, seller_done_at, buyer_confirmed_at
  ),
  li as (${moveListingSql("(select j->'listing' from p)")}),
  nt as (${insertNotificationsSql("(select j->'notifications' from p)", "(select (j->>'now')::timestamptz from p)")}),
  ${systemLinesSql('msg', "(select (j->>'conversation_id')::int from p)", "(select j->'chats' from p)", "(select (j->>'now')::timestamptz from p)")}
select
  (select coalesce(json_agg(t order by t.id), '[]') from (
    select id, status, actor_role, note, created_at from escrow_transaction_events where transaction_id = (select (j->>'deal_id')::int from p)
    union all select * from ev) t) as timeline,
  (select coalesce(json_agg(c order by c.position), '[]') from (
    select id, position, title, description, seller_done_at, buyer_confirmed_at from transaction_checklist where transaction_id = (select (j->>'deal_id')::int from p)
    union all select * from ck) c) as checklist,
  (select coalesce(json_agg(id order by id), '[]') from nt) as notification_ids,
  (select coalesce(json_agg(id order by id), '[]') from msg) as message_ids,
  (select json_build_object('buyer_id', cv.buyer_id, 'seller_id', cv.seller_id, 'admin_joined', cv.admin_joined) from msg_conversation cv) as conversation`

interface StepRow {
  timeline: { id: number; status: TransactionStatus | null; actor_role: TimelineRow['actorRole']; note: string; created_at: string }[]
  checklist: { id: number; title: string; description: string; seller_done_at: string | null; buyer_confirmed_at: string | null }[]
  notification_ids: number[]
  message_ids: number[]
  conversation: { buyer_id: number; seller_id: number; admin_joined: boolean } | null
}

/**
 * Writes the steps (see SAVE_STEP_SQL) of a deal that `lockDeal` or `createDeal` answered. Its row is written only
 * when the deal differs from what the row holds.
 */
export async function saveStep(tx: EntityManager, deal: Deal, step: StepWrite, now: Date): Promise<StepWritten> {
  const columns = columnsOf(deal)
  const [row] = await runPreparedIn<StepRow>(tx, 'escrow_save_steps', SAVE_STEP_SQL, [
    {
      deal_id: deal.id,
      now,
      write_deal: !deal.stored || !sameColumns(deal.stored, columns),
      deal: {
        id: deal.id,
        conversation_id: columns.conversationId,
        status: columns.status,
        processor_fee_cents: columns.processorFeeCents,
        payment_method: columns.paymentMethod,
        reserved_until: columns.reservedUntil,
        countdown_ends_at: columns.countdownEndsAt,
        dispute_reason: columns.disputeReason,
        refunded_to: columns.refundedTo,
        updated_at: columns.updatedAt,
        paid_at: columns.paidAt,
        closed_at: columns.closedAt,
      },
      events: step.events.map((event) => ({
        status: event.status,
        actor_id: event.actorId,
        actor_role: event.role,
        note: event.note.slice(0, 2000),
      })),
      platform: deal.listing.platform,
      copy_checklist: step.copyChecklist,
      listing: { id: deal.listing.id, status: step.listingStatus, sold_at: deal.listing.soldAt, rejection_reason: step.listingReason },
      notifications: step.notifications.map((n) => ({ user_id: n.userId, type: n.type, title: n.title, message: n.message, data: n.data })),
      conversation_id: deal.conversation?.id ?? null,
      chats: deal.conversation
        ? step.chats.map((chat) => ({ sender_id: chat.senderId, content: chat.content, from_admin: chat.fromAdmin === true }))
        : [],
    },
  ])
  if (!row) throw new Error(`deal ${deal.id} steps answered nothing`)
  deal.stored = columns
  return {
    timeline: row.timeline.map((t) => ({ id: t.id, status: t.status, actorRole: t.actor_role, note: t.note, createdAt: new Date(t.created_at) })),
    checklist: row.checklist.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      sellerDoneAt: date(c.seller_done_at),
      buyerConfirmedAt: date(c.buyer_confirmed_at),
    })),
    notificationIds: row.notification_ids,
    messageIds: row.message_ids,
    conversation: row.conversation
      ? { buyerId: row.conversation.buyer_id, sellerId: row.conversation.seller_id, adminJoined: row.conversation.admin_joined }
      : null,
  }
}
