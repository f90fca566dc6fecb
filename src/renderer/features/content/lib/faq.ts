import type { TradingTerms } from '@shared/api/settings'
import { WITHDRAWAL_LIMITS } from '@shared/api/payments'
import { formatMoney } from '@shared/format'
import { countdownText, escrowFeeText, paymentFeesText, reservationText } from './terms-text'

export interface FaqEntry {
  /** stable, for the accordion and for links (#escrow-fee) */
  id: string
  question: string
  answer: string
}

export interface FaqSection {
  id: string
  title: string
  entries: FaqEntry[]
}

const money = (cents: number) => formatMoney(cents / 100)

/** The questions of /faq, each answered with what the marketplace really does and the settings as they are. */
export function faqSections(terms: TradingTerms | undefined): FaqSection[] {
  const fee = escrowFeeText(terms)
  return [
    {
      id: 'buying',
      title: 'Buying an account',
      entries: [
        {
          id: 'how-buying-works',
          question: 'How does buying an account work?',
          answer: `Press Buy on a listing and it is reserved for you for ${reservationText(terms)} while you pay. Your payment goes into escrow, the seller hands the account over step by step, you confirm you have access, and the seller is paid only after the platform's waiting period, or sooner if you release the money yourself.`,
        },
        {
          id: 'escrow-fee',
          question: 'What does a purchase cost?',
          answer: `The price of the account plus ${fee}, which you pay as the buyer. Paying by card or crypto adds the payment provider's fee (${paymentFeesText()}). You see the full amount before you pay.`,
        },
        {
          id: 'reservation',
          question: 'What happens if I do not pay in time?',
          answer: `The reservation lapses after ${reservationText(terms)}, the deal is cancelled and the listing goes back on sale. Nothing was charged. Either side can also cancel a deal before it is paid.`,
        },
        {
          id: 'talk-to-seller',
          question: 'Can I talk to the seller before buying?',
          answer:
            'Yes. Every listing has a chat with its seller. Ask for analytics screenshots or a screen share before you pay. An admin can join the conversation whenever you need help, and the chat is kept with the deal.',
        },
      ],
    },
    {
      id: 'escrow',
      title: 'Escrow and the handover',
      entries: [
        {
          id: 'where-is-my-money',
          question: 'Where is my money during the deal?',
          answer:
            'In an escrow account of its own for that deal. The seller can see that it has been paid but cannot spend or withdraw it. Every movement of money is recorded in a double-entry ledger, so the escrow always holds exactly what you paid.',
        },
        {
          id: 'checklist',
          question: 'What is the handover checklist?',
          answer:
            'Each platform has its own list of handover steps, such as accepting the owner invite on YouTube or changing the login email, phone number and two-factor authentication on Instagram and TikTok. The seller ticks each step as done, and you confirm it from your side once you have checked it.',
        },
        {
          id: 'countdown',
          question: 'Why is there a countdown after I get access?',
          answer: `Platforms make new owners wait before a transfer is final (YouTube lets a new owner become primary owner only after 7 days). The countdown covers that wait: ${countdownText(terms)}. Your money stays in escrow until it ends.`,
        },
        {
          id: 'release-early',
          question: 'Can I release the money before the countdown ends?',
          answer:
            'Yes. Once everything is yours, press Release on the deal and the seller is paid at once. If you do nothing and nobody opens a dispute, the money is released automatically when the countdown ends.',
        },
      ],
    },
    {
      id: 'disputes',
      title: 'Disputes and refunds',
      entries: [
        {
          id: 'dispute',
          question: 'What if the account is not as described?',
          answer:
            'Open a dispute on the deal, with the reason, while the money is still in escrow (from payment until the countdown ends). An admin reads the deal\u2019s chat, its timeline and the checklist ticks, then either releases the money to the seller or refunds you.',
        },
        {
          id: 'seller-backs-out',
          question: 'What if the seller backs out?',
          answer:
            'Until you have access to the account, the seller (or an admin) can refund the deal. You get everything back, the price and the escrow fee, on your Handover balance.',
        },
        {
          id: 'refund-where',
          question: 'Where does a refund go?',
          answer: 'To your Handover balance, at once. You can spend it on another account or withdraw it.',
        },
      ],
    },
    {
      id: 'selling',
      title: 'Selling and withdrawals',
      entries: [
        {
          id: 'how-selling-works',
          question: 'How do I sell an account?',
          answer:
            terms?.listingApprovalRequired === false
              ? 'Create a listing with the account\u2019s platform, handle, audience, price and pictures. It appears in the catalogue at once, and buyers can question you in the chat.'
              : 'Create a listing with the account\u2019s platform, handle, audience, price and pictures. Our team reviews it before it appears in the catalogue, and buyers can question you in the chat.',
        },
        {
          id: 'seller-fee',
          question: 'Do sellers pay a fee?',
          answer: `No. The buyer pays ${fee}; when the money is released, the full price of the account goes to your Handover balance.`,
        },
        {
          id: 'withdrawals',
          question: 'How do I withdraw my balance?',
          answer: `Request a withdrawal on your balance page, from ${money(WITHDRAWAL_LIMITS.minCents)} up to ${money(WITHDRAWAL_LIMITS.maxCents)} (or your whole balance when it is less than ${money(WITHDRAWAL_LIMITS.minCents)}), to the email of your account at our payment provider. The amount is set aside at once; an admin approves the request and the provider pays it out. A rejected request goes straight back to your balance.`,
        },
      ],
    },
  ]
}
