import { Link } from 'react-router-dom'
import { WITHDRAWAL_LIMITS } from '@shared/api/payments'
import { USERNAME_MAX, USERNAME_MIN } from '@shared/constants'
import { formatMoney } from '@shared/format'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { LegalPage, type LegalSection } from './legal-page'

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'the-service',
    title: 'What Handover is',
    content: (
      <p>
        Handover is a marketplace where people sell and buy social media accounts, with the buyer’s payment held in escrow until the account is handed
        over. We run the marketplace, the escrow and the chat; the accounts belong to the sellers until a deal completes. Each platform has its own
        rules on accounts changing hands, and buyers and sellers are responsible for following them.
      </p>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    content: (
      <ul>
        <li>
          You sign up with a username of {USERNAME_MIN} to {USERNAME_MAX} characters and an email address you confirm with the code we send.
        </li>
        <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
        <li>A welcome bonus, when we offer one, is credited to your balance when the account is created. It can be spent on purchases.</li>
      </ul>
    ),
  },
  {
    id: 'selling',
    title: 'Selling',
    content: (
      <ul>
        <li>List only accounts you own and may transfer, and describe them truthfully: audience, income and verified or monetised status.</li>
        <li>Our team may review a listing before it appears, and may reject, suspend or remove a listing that breaks these terms.</li>
        <li>Once a buyer has paid, hand the account over through the deal’s handover checklist and keep the conversation in the deal’s chat.</li>
      </ul>
    ),
  },
  {
    id: 'buying',
    title: 'Buying and escrow',
    content: (
      <ul>
        <li>Pressing Buy reserves a listing for a limited time; unpaid, the reservation lapses and the deal is cancelled.</li>
        <li>You pay the price and the escrow fee shown before payment; card and crypto payments add the payment provider’s fee.</li>
        <li>
          The money is released to the seller when the platform’s countdown ends without a dispute, or earlier when you release it. Release only once
          the account is fully yours.
        </li>
        <li>
          While the money is held, either side may open a dispute. An admin decides it on the deal’s chat, timeline and checklist, by releasing the
          money or refunding the buyer, and that decision settles the deal on Handover.
        </li>
        <li>Refunds go to your Handover balance.</li>
      </ul>
    ),
  },
  {
    id: 'money',
    title: 'Your balance and withdrawals',
    content: (
      <p>
        Your balance is what the ledger holds for you. You may withdraw from {formatMoney(WITHDRAWAL_LIMITS.minCents / 100)} to{' '}
        {formatMoney(WITHDRAWAL_LIMITS.maxCents / 100)} at a time, or your whole balance when it is less, to your account at our payment provider; the
        amount is set aside when you ask, and paid out once an admin approves. A rejected withdrawal returns to your balance.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Fair dealing',
    content: (
      <ul>
        <li>Do not take payment for a Handover deal outside Handover; we cannot protect money that never entered escrow.</li>
        <li>No fraud, no stolen or hijacked accounts, no harassment in the chat.</li>
        <li>Admins can read conversations to help and to settle disputes, and may join a deal’s chat.</li>
      </ul>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation and ending an account',
    content: (
      <p>
        We may flag a violation, suspend a listing, or ban an account that breaks these terms; a ban ends its sessions at once. An account can be
        deleted once it has no open deal and no money left; its deals and money records stay, anonymised. Each of these actions is recorded in our
        audit log.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    content: (
      <p>
        When these terms change, the date at the top changes with them. The way we handle your data is in the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>. Questions go through the <Link to={paths.contact}>contact form</Link>.
      </p>
    ),
  },
]

/** /terms (SPEC §2): the rules of the marketplace as it really runs. */
export function TermsScreen() {
  useSeo(PAGE_TEXT.terms)
  return <LegalPage title="Terms of Service" lede="The rules for buying and selling on Handover, in plain words." sections={SECTIONS} />
}
