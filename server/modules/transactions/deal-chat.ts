const UTC_MOMENT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/**
 * A moment in a line every reader shares (the chat, a notification): as the screens write dates, in UTC and saying so,
 * since the server does not know each reader's time zone. "Dec 2, 2026, 3:59 AM UTC"; it was "2026-12-02".
 */
export const sharedMoment = (at: Date) => UTC_MOMENT.format(at)

/**
 * The system lines a deal writes in its chat and on its timeline as it moves, shared by the deals themselves and the
 * demo's history. The purchase's timeline line differs from its chat line, and so do checklist ticks: each tick goes
 * on the timeline, while the chat keeps one line for the whole checklist, rewritten at every tick.
 */
export const dealChat = {
  startedTimeline: (buyer: string) => `${buyer} started the purchase`,
  started: (buyer: string) => `${buyer} started buying this account.`,
  paidFromBalance: (actor: string) => `${actor} paid into escrow from their balance.`,
  paidAtProvider: (actor: string, method: string) => `${actor} paid into escrow by ${method}.`,
  inviteSent: (actor: string) => `${actor} sent the ownership invite.`,
  accessConfirmed: (actor: string) => `${actor} confirmed they have access to the account.`,
  stepDone: (actor: string, step: string) => `${actor} marked “${step}” done.`,
  stepConfirmed: (actor: string, step: string) => `${actor} confirmed “${step}”.`,
  checklist: (confirmed: number, total: number, latest: string) =>
    `Handover checklist: ${confirmed} of ${total} step${total === 1 ? '' : 's'} confirmed. Latest: ${latest}`,
  countdownStarted: (days: number, endsAt: Date) =>
    `The ${days}-day transfer countdown started; funds are released on ${sharedMoment(endsAt)} unless a dispute is opened.`,
  countdownEnded: 'The countdown ended with no dispute; the funds are released to the seller.',
  sellerBannedUnpaid: 'The seller’s account was banned; the unpaid purchase is cancelled.',
  sellerBannedHeld: 'The seller’s account was banned; the funds stay in escrow until an admin settles this deal.',
  providerComplaintHeld:
    'The buyer complained about this payment at the payment provider; the funds stay in escrow until an admin settles this deal.',
} as const
