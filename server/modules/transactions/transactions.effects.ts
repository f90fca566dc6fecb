import { ADMIN_SENDER_ID } from '@shared/constants'
import { formatCents } from '@shared/format'
import { centsToDecimalString } from '@shared/money'
import type { NotificationType } from '@shared/api/notifications'
import { refundedWhere, transactionDisplayId, type TransactionRole, type TransactionStatus } from '@shared/api/transactions'
import { adminAlertDelivery } from '../../realtime/admin-alerts'
import type { Delivery } from '../../realtime/bus'
import type { Deal, NotificationDraft } from './deal'
import { heldCents } from './transactions.money'
import { sharedMoment } from './deal-chat'

/** What one step of a deal tells people: notifications (stored with the step) and live events (after it). */
export interface StepEffects {
  notifications: NotificationDraft[]
  deliveries: Delivery[]
}

const dollars = formatCents
/** an amount in a notification's data: the decimal string (`"25.00"`) deposits' and withdrawals' notices carry */
const decimal = centsToDecimalString

/** Who took a step: a party, an admin, or the server on its own (a deadline, a ban). */
export type StepActor = TransactionRole | 'system'

/**
 * The notifications and live events of a deal reaching `to` (SPEC §3 types, §7 events), a step taken `by` someone.
 * Everyone concerned hears `transaction_updated` / `transaction_update`; the listing's fate goes to everyone browsing.
 * A notification about money names the amount, in its text and as `data.amount` (the decimal string deposits' notices carry). `paidAtOnce`: the
 * purchase is paid in the same request (Buy Now from the balance), so its buyer is not asked to pay.
 */
export function stepEffects(deal: Deal, to: TransactionStatus, listingReturned: boolean, by: StepActor, paidAtOnce = false): StepEffects {
  const title = deal.listing.accountTitle
  const ref = transactionDisplayId(deal.id)
  const data = { transactionId: deal.id, accountId: deal.listing.id, ...(deal.conversation ? { conversationId: deal.conversation.id } : {}) }
  const buyer = deal.buyer.id
  const seller = deal.seller.id
  const note = (
    userId: number,
    type: NotificationType,
    heading: string,
    message: string,
    extra: Record<string, unknown> = {},
  ): NotificationDraft => ({
    userId,
    type,
    title: heading,
    message,
    data: { ...data, ...extra },
  })
  const parties = { userIds: [buyer, seller, ADMIN_SENDER_ID] }
  const deliveries: Delivery[] = [
    { audience: parties, event: { type: 'transaction_updated', transactionId: deal.id, status: to } },
    { audience: parties, event: { type: 'transaction_update', transactionId: deal.id, status: to } },
  ]
  const notifications: NotificationDraft[] = []
  const listingBack = () => {
    if (!listingReturned) return
    deliveries.push(
      {
        audience: { all: true },
        event: {
          type: 'listing_update',
          accountId: deal.listing.id,
          listingStatus: 'available',
          transactionId: deal.id,
          buyerId: buyer,
          sellerId: seller,
        },
      },
      { audience: { all: true }, event: { type: 'LISTING_REACTIVATED', accountId: deal.listing.id } },
    )
  }

  switch (to) {
    case 'pending':
      deliveries.unshift({ audience: parties, event: { type: 'transaction_created', transactionId: deal.id } })
      deliveries.push({
        audience: { all: true },
        event: {
          type: 'listing_update',
          accountId: deal.listing.id,
          listingStatus: 'sold',
          transactionId: deal.id,
          buyerId: buyer,
          sellerId: seller,
        },
      })
      notifications.push(
        note(
          seller,
          'transaction_created',
          'New purchase started',
          `${deal.buyer.username} started buying “${title}” (${ref}). It is reserved for them while they pay.`,
        ),
        paidAtOnce
          ? note(
              buyer,
              'transaction_created',
              'Purchase started',
              `You are buying “${title}” (${ref}). Your ${dollars(heldCents(deal))} is held in escrow until the account is yours.`,
              {
                amount: decimal(heldCents(deal)),
              },
            )
          : note(
              buyer,
              'transaction_created',
              'Purchase started',
              `“${title}” is reserved for you. Pay ${dollars(heldCents(deal))} to put it in escrow (${ref}).`,
              {
                amount: decimal(heldCents(deal)),
              },
            ),
      )
      break
    case 'fee_paid':
      deliveries.push(
        { audience: { all: true }, event: { type: 'listing_purchased', accountId: deal.listing.id } },
        {
          audience: { userIds: [buyer] },
          event: {
            type: 'payment_completed',
            redirect_to_chat: deal.conversation !== null,
            conversationId: deal.conversation?.id,
            transactionId: deal.id,
          },
        },
      )
      notifications.push(
        note(
          buyer,
          'escrow_payment_received',
          'Payment held in escrow',
          `${dollars(heldCents(deal))} for “${title}” is held until the account is yours (${ref}).`,
          {
            amount: decimal(heldCents(deal)),
          },
        ),
        // the seller's share: the price, which the release pays them (the escrow fee is the platform's)
        note(
          seller,
          'balance_update',
          'Payment secured in escrow',
          `${deal.buyer.username} paid for “${title}”: your ${dollars(deal.priceCents)} is held in escrow (${ref}). Send the ownership invite to continue.`,
          { type: 'escrow_fee', amount: decimal(deal.priceCents) },
        ),
      )
      break
    case 'invite_sent':
      notifications.push(
        note(
          buyer,
          'transaction_updated',
          'Ownership invite sent',
          `The seller sent the invite for “${title}”. Accept it, then confirm you have access (${ref}).`,
        ),
      )
      break
    case 'access_granted':
      notifications.push(
        note(
          seller,
          'buyer_confirmed_payment',
          'Buyer confirmed access',
          `${deal.buyer.username} can get into “${title}”. Start the transfer countdown once the ownership change is under way (${ref}).`,
        ),
      )
      break
    case 'countdown_started': {
      const ends = deal.countdownEndsAt ? sharedMoment(deal.countdownEndsAt) : ''
      notifications.push(
        note(
          buyer,
          'transaction_updated',
          'Transfer countdown started',
          `The funds for “${title}” go to the seller on ${ends} unless you open a dispute (${ref}).`,
        ),
      )
      // the seller usually starts it; when an admin does, the seller hears of it as every admin step tells both parties
      if (by !== 'seller') {
        notifications.push(
          note(
            seller,
            'transaction_updated',
            'Transfer countdown started',
            `The funds for “${title}” come to you on ${ends} unless the buyer opens a dispute (${ref}).`,
          ),
        )
      }
      break
    }
    case 'completed':
      notifications.push(
        note(buyer, 'transaction_completed', 'Purchase completed', `“${title}” is yours. Thank you for trading on Handover (${ref}).`),
        note(seller, 'transaction_completed', 'Sale completed', `The sale of “${title}” is complete (${ref}).`),
        note(
          seller,
          'escrow_payment_released',
          'Funds released',
          `${dollars(deal.priceCents)} from the sale of “${title}” is in your balance (${ref}).`,
          { amount: decimal(deal.priceCents) },
        ),
      )
      break
    case 'cancelled':
      deliveries.push({ audience: parties, event: { type: 'TRANSACTION_CANCELLED', transactionId: deal.id } })
      listingBack()
      notifications.push(
        note(buyer, 'transaction_updated', 'Purchase cancelled', `The purchase of “${title}” was cancelled; nothing was charged (${ref}).`),
        // a banned seller's listing is suspended with the ban, not put back on sale
        note(
          seller,
          'transaction_updated',
          'Purchase cancelled',
          `The purchase of “${title}” was cancelled; the listing is ${listingReturned ? 'back on sale' : 'off sale'} (${ref}).`,
        ),
      )
      break
    case 'refunded':
      listingBack()
      notifications.push(
        note(
          buyer,
          'refund_processed',
          'Refund processed',
          `${dollars(heldCents(deal))} for “${title}” went ${refundedWhere(deal, true)} (${ref}).` +
            (deal.processorFeeCents > 0 ? ` The ${dollars(deal.processorFeeCents)} processor fee is not refundable.` : ''),
          { amount: decimal(heldCents(deal)), refundedTo: deal.refundedTo },
        ),
        note(seller, 'transaction_updated', 'Purchase refunded', `The buyer of “${title}” was refunded (${ref}).`),
      )
      break
    case 'disputed':
      notifications.push(
        note(buyer, 'transaction_updated', 'Dispute opened', `The deal for “${title}” is on hold while an admin looks at it (${ref}).`),
        note(seller, 'transaction_updated', 'Dispute opened', `The deal for “${title}” is on hold while an admin looks at it (${ref}).`),
      )
      // a party's dispute, a banned seller's held deal or a complaint at the provider: each waits for an admin
      deliveries.push(adminAlertDelivery('dispute', deal.id, `Dispute opened (${ref})`, disputeAlertBody(by, title)))
      break
  }
  return { notifications, deliveries }
}

/** Who put the deal on hold, for the admins' alert. */
function disputeAlertBody(by: StepActor, title: string): string {
  if (by === 'buyer' || by === 'seller') return `The ${by} of “${title}” opened a dispute; the money stays in escrow until an admin settles it.`
  return `The deal for “${title}” was put on hold and waits for an admin to settle it.`
}

/**
 * A wallet changed by `amountCents`: the notification of SPEC §3, with the amount as `data.amount` beside the text that
 * names it, and the live balance for the header.
 */
export function balanceEffects(
  userId: number,
  balanceCents: number,
  amountCents: number,
  message: string,
  data: Record<string, unknown>,
): StepEffects {
  return {
    notifications: [{ userId, type: 'balance_updated', title: 'Balance updated', message, data: { ...data, amount: decimal(amountCents) } }],
    deliveries: [{ audience: { userIds: [userId] }, event: { type: 'balance_updated', balance: (balanceCents / 100).toFixed(2) } }],
  }
}
