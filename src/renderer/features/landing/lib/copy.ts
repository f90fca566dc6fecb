import type { LivePlatformId } from '@/config/platforms'

/** Buyer-facing copy of the landing pages: what to look for on each platform and how the handover works. */

export interface FaqEntry {
  question: string
  answer: string
}

export interface PlatformCopy {
  /** the audience noun the platform uses */
  audience: 'subscribers' | 'followers'
  intro: string
  /** what a careful buyer compares on this platform */
  checks: readonly string[]
  faq: readonly FaqEntry[]
}

export const PLATFORM_COPY: Record<LivePlatformId, PlatformCopy> = {
  youtube: {
    audience: 'subscribers',
    intro:
      'Skip the years it takes to grow a channel. Every YouTube channel here lists its subscribers, niche and monthly income, sold by a seller you can question in chat — and your payment waits in escrow until the channel is yours.',
    checks: ['Subscribers and recent views', 'Monthly income and monetization', 'Niche and upload history'],
    faq: [
      {
        question: 'How is a YouTube channel handed over?',
        answer:
          'Most channels sit on a Brand Account. The seller invites you as an owner and, once YouTube allows it (usually after 7 days), makes you the primary owner. Your money stays in escrow until you confirm that you are.',
      },
      {
        question: 'Can I check the income before I pay?',
        answer:
          'Yes. Ask the seller in chat for YouTube Studio screenshots or a screen share of analytics and revenue. The conversation stays with the deal in case anything is disputed later.',
      },
      {
        question: 'Does monetization carry over?',
        answer:
          'A channel marked Monetized is in the YouTube Partner Programme at the time of listing. The programme\u2019s rules keep applying after the sale, so check that the channel\u2019s content follows them.',
      },
    ],
  },
  instagram: {
    audience: 'followers',
    intro:
      'Start with an audience that already follows your niche. Compare Instagram accounts by followers, niche and price, talk to the seller first, and pay into escrow: the seller is paid only after you have the account.',
    checks: ['Followers and engagement', 'Niche and content style', 'Reach of recent posts'],
    faq: [
      {
        question: 'How is an Instagram account handed over?',
        answer:
          'The seller gives you the login, then you change the password, email and phone number to your own and set up two-factor authentication. Confirm in chat once the seller no longer has access.',
      },
      {
        question: 'How do I know the followers are real?',
        answer:
          'Ask the seller for insights screenshots (reach, accounts engaged, audience locations) and compare likes and comments with the follower count before you pay.',
      },
    ],
  },
  tiktok: {
    audience: 'followers',
    intro:
      'Grow from an audience that is already watching. Browse TikTok accounts by followers, niche and price from sellers you can chat with, with your payment held in escrow until you have full access.',
    checks: ['Followers and average views', 'Niche and posting rhythm', 'Creator tools available to the account'],
    faq: [
      {
        question: 'How is a TikTok account handed over?',
        answer:
          'The seller shares the login, and you change the email, phone number and password to your own, then turn on two-step verification. Release the funds only when the seller is locked out.',
      },
      {
        question: 'What should I check before buying?',
        answer:
          'Ask for analytics screenshots of the last 28 days: views, follower growth and audience regions. Steady views matter more than one viral video.',
      },
    ],
  },
  facebook: {
    audience: 'followers',
    intro:
      'Take over a Facebook page or account with its community in place. Compare followers, niche and price, ask the seller anything in chat, and pay through escrow so nothing is released before the handover.',
    checks: ['Followers and page likes', 'Niche and recent activity', 'Page history and restrictions'],
    faq: [
      {
        question: 'How is a Facebook page handed over?',
        answer:
          'The seller gives your profile full control of the page, then removes their own access. Check in the page settings that you are the only one with full control before you confirm.',
      },
      {
        question: 'Can I see the page\u2019s insights first?',
        answer: 'Ask the seller in chat for screenshots or a screen share of the page\u2019s insights: reach, engagement and audience.',
      },
    ],
  },
  twitter: {
    audience: 'followers',
    intro:
      'Join the conversation with an audience already in place. Browse Twitter / X accounts by followers, niche and price, talk to the seller first, and keep your money in escrow until the account is yours.',
    checks: ['Followers and engagement', 'Niche and posting history', 'Account age and standing'],
    faq: [
      {
        question: 'How is a Twitter / X account handed over?',
        answer:
          'The seller shares the login; you change the password, email and phone number to your own and enable two-factor authentication, then confirm in chat.',
      },
      {
        question: 'What should I check before buying?',
        answer: 'Look at recent posts and replies, ask for analytics screenshots, and make sure the account has no restrictions or suspensions.',
      },
    ],
  },
  telegram: {
    audience: 'subscribers',
    intro:
      'Reach subscribers who chose to hear from you. Compare Telegram channels by subscribers, niche and price, question the seller in chat, and pay into escrow until ownership is transferred to you.',
    checks: ['Subscribers and post views', 'Niche and posting rhythm', 'Channel history and links'],
    faq: [
      {
        question: 'How is a Telegram channel handed over?',
        answer:
          'The seller makes you an admin and then transfers ownership in the channel\u2019s admin settings (Telegram asks the owner for two-step verification first). Confirm you are the owner before releasing the funds.',
      },
      {
        question: 'How do I check the subscribers are real?',
        answer: 'Compare views per post with the subscriber count and ask the seller for channel statistics in chat.',
      },
    ],
  },
}

/** Questions every buyer asks, whatever the platform. */
export const COMMON_FAQ: readonly FaqEntry[] = [
  {
    question: 'What if the account is not as described?',
    answer:
      'Do not release the funds: open a dispute instead. Our team reviews the chat and the evidence, and if the account is not as described your money goes back to you.',
  },
  {
    question: 'When does the seller get paid?',
    answer: 'Only after you confirm that the account is yours. Until then the payment is held in escrow, out of the seller\u2019s reach.',
  },
  {
    question: 'Can I talk to the seller before buying?',
    answer: 'Yes. Every listing has a chat with its seller, and an admin can join the conversation whenever you need help.',
  },
]

export const ESCROW_STEPS = [
  { title: 'Choose an account', body: 'Compare audience, income and price, and ask the seller anything in chat.' },
  { title: 'Pay into escrow', body: 'Your payment is held in escrow. The seller can see it is there but cannot touch it.' },
  { title: 'Receive the account', body: 'The seller hands over ownership and you check everything is as described.' },
  { title: 'Release the funds', body: 'The seller is paid only when you confirm. Something wrong? Open a dispute.' },
] as const
