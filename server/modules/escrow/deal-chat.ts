/** The system lines a deal writes in its chat as it moves, shared by the deals themselves and the demo's history. */
export const dealChat = {
  started: (buyer: string) => `${buyer} started buying this account.`,
  paidFromBalance: (actor: string) => `${actor} paid into escrow from their balance.`,
  inviteSent: (actor: string) => `${actor} sent the ownership invite.`,
  accessConfirmed: (actor: string) => `${actor} confirmed they have access to the account.`,
  countdownStarted: (days: number, endsAt: Date) =>
    `The ${days}-day transfer countdown started; funds are released on ${endsAt.toISOString().slice(0, 10)} unless a dispute is opened.`,
  countdownEnded: 'The countdown ended with no dispute; the funds are released to the seller.',
} as const
