import type { EntityManager } from '@mikro-orm/postgresql'
import { dealChat } from '../transactions/deal-chat'
import { EscrowTransaction } from '../transactions/transactions.entities'
import { Listing } from '../listings/listing.entity'
import type { User } from '../users/user.entity'
import { Conversation, Message } from './conversation.entities'

const HOUR_MS = 60 * 60 * 1000

/** What a buyer asks before buying, and the seller's answer: taken in turn, so neighbouring chats differ. */
const QUESTIONS: readonly [string, string][] = [
  [
    'Hi! Is this account still available? Are the analytics in the screenshots from this month?',
    'Hi, yes it is. The screenshots are from last week; I can send fresh ones once you have paid into escrow.',
  ],
  [
    'Hello, how was the audience built? Any paid promotion or giveaways?',
    'All organic: posting three times a week, no giveaways and no bought followers. Happy to show the traffic sources.',
  ],
  [
    'Does the original email come with the account, or do we change it during the handover?',
    'We change it to yours during the handover, then the phone number and two-factor. The checklist walks us through it.',
  ],
  [
    'Has the account ever had a strike, a ban or a restriction?',
    'Never. It has been in good standing since I opened it, and I will show the account status page on a call if you like.',
  ],
  [
    'Would you take a little less than the asking price?',
    'The price is firm, sorry, but I will stay around after the handover to help with the settings.',
  ],
]

/** The buyer's last word once the deal completed. */
const THANKS: readonly string[] = [
  'Everything is transferred and working. Thank you for a smooth handover!',
  'All done on my side. Thanks for the quick answers.',
  'Got full access and the old sessions are gone. Pleasure doing business.',
]

/** Before a sale, one question about an active listing of another seller, answered, for each of these buyers. */
const INQUIRIES: readonly [string, string][] = [
  [
    'Hi, what does the monthly income of this account look like over the last half year?',
    'Fairly steady: it moved between the low and high end of what the listing says. I can share the payout history.',
  ],
  [
    'Is the niche still growing? I would like to post about the same topics.',
    'Yes, the last three months were the best so far. The audience asks for more of the same.',
  ],
]

interface Line {
  sender: User
  content: string
  at: Date
  system?: boolean
}

/**
 * A line for each step of a demo deal, as the deal's own chat shows them (`dealChat`, as the deals write them), at the
 * times of its timeline: started, paid, invite sent, access confirmed, countdown, completion.
 */
function dealLines(deal: EscrowTransaction): Line[] {
  const { buyer, seller, createdAt, closedAt, countdownDays } = deal
  const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR_MS)
  const ends = closedAt ?? at(26 + countdownDays * 24)
  return [
    { sender: buyer, content: dealChat.started(buyer.username), at: at(0), system: true },
    {
      sender: buyer,
      content:
        deal.paymentMethod === 'balance'
          ? dealChat.paidFromBalance(buyer.username)
          : dealChat.paidAtProvider(buyer.username, deal.paymentMethod ?? 'card'),
      at: at(1),
      system: true,
    },
    { sender: seller, content: dealChat.inviteSent(seller.username), at: at(6), system: true },
    { sender: buyer, content: dealChat.accessConfirmed(buyer.username), at: at(20), system: true },
    { sender: seller, content: dealChat.countdownStarted(countdownDays, ends), at: at(26), system: true },
    { sender: seller, content: dealChat.countdownEnded, at: ends, system: true },
  ]
}

/** A conversation with its lines, everything read by both sides and the admins: history from before the demo began. */
function writeConversation(
  tx: EntityManager,
  parties: { buyer: User; seller: User; listing: Listing; transactionId?: number },
  lines: Line[],
): Conversation {
  const conversation = tx.create(Conversation, {
    buyer: parties.buyer,
    seller: parties.seller,
    listing: parties.listing,
    transactionId: parties.transactionId ?? null,
    createdAt: lines[0]!.at,
    lastMessageAt: lines[lines.length - 1]!.at,
  })
  for (const line of lines) {
    tx.create(Message, {
      conversation,
      sender: line.sender,
      isSystem: line.system ?? false,
      content: line.content,
      createdAt: line.at,
      buyerHasRead: true,
      sellerHasRead: true,
      adminHasRead: true,
    })
  }
  return conversation
}

/**
 * The chats behind the demo: each completed demo deal's conversation (the buyer's question and the seller's
 * answer before it, its step lines, the buyer's thanks after), linked both ways; and one answered question per demo
 * buyer about an active listing of one of the extra sellers. Nothing is unread, so no badge greets a first sign-in.
 * Called inside the demo seeding transaction, after the deals. Answers how many conversations it wrote.
 */
export async function seedDemoConversations(tx: EntityManager, buyers: User[], extraSellers: User[], now = new Date()): Promise<number> {
  const deals = await tx.find(EscrowTransaction, { status: 'completed' }, { orderBy: { id: 'asc' }, populate: ['listing', 'buyer', 'seller'] })
  let written = 0
  for (const deal of deals) {
    const [question, answer] = QUESTIONS[written % QUESTIONS.length]!
    const before = (hours: number) => new Date(deal.createdAt.getTime() - hours * HOUR_MS)
    const thanksAt = new Date(Math.min(now.getTime(), (deal.closedAt ?? deal.updatedAt).getTime() + HOUR_MS))
    const lines: Line[] = [
      { sender: deal.buyer, content: question, at: before(5) },
      { sender: deal.seller, content: answer, at: before(4) },
      ...dealLines(deal),
      { sender: deal.buyer, content: THANKS[written % THANKS.length]!, at: thanksAt },
    ]
    deal.conversation = writeConversation(tx, { buyer: deal.buyer, seller: deal.seller, listing: deal.listing, transactionId: deal.id }, lines)
    written++
  }
  const active = await tx.find(Listing, { status: 'active', seller: { $in: extraSellers } }, { orderBy: { id: 'asc' }, limit: buyers.length * 7 })
  buyers.forEach((buyer, n) => {
    const listing = active[n * 7]
    if (!listing) return
    const [question, answer] = INQUIRIES[n % INQUIRIES.length]!
    const asked = new Date(now.getTime() - (30 + n * 11) * HOUR_MS)
    writeConversation(tx, { buyer, seller: listing.seller, listing }, [
      { sender: buyer, content: question, at: asked },
      { sender: listing.seller, content: answer, at: new Date(asked.getTime() + 2 * HOUR_MS) },
    ])
    written++
  })
  await tx.flush()
  return written
}
