import { Link } from 'react-router-dom'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { LegalPage, type LegalSection } from './legal-page'

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-store',
    title: 'What we store',
    content: (
      <ul>
        <li>
          <strong>Your account:</strong> username, email address, your password as an argon2id hash (never the password itself), your avatar if you
          set one, your sound and notification choices, and when you joined. Until you confirm your email, the sign-up waits with a hash of its code,
          and so does a new email address until you confirm it.
        </li>
        <li>
          <strong>Sessions:</strong> when you sign in, a session record in our database names your account and when it expires (after 30 days).
        </li>
        <li>
          <strong>Listings:</strong> everything you enter for an account you sell, and the pictures you upload.
        </li>
        <li>
          <strong>Messages:</strong> your conversations with buyers, sellers and admins, and whether each message was read.
        </li>
        <li>
          <strong>Deals and money:</strong> each escrow deal with its timeline and handover checklist, the ledger entries of every movement of money
          (payments, releases, refunds, bonuses), payment orders at our payment provider, and withdrawal requests with the payout email you give.
        </li>
        <li>
          <strong>Notifications:</strong> what we tell you about your deals, listings and account.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, email, subject and message you send through the contact form, and your account if you were
          signed in.
        </li>
        <li>
          <strong>Admin actions:</strong> an audit log of what our admins do (approvals, bans, refunds, settings, blog posts), naming the admin and
          what changed.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    content: (
      <>
        <p>
          To run the marketplace and nothing else: to sign you in, show your listings and messages, hold and move money in escrow, email you
          verification codes and password reset links, answer your messages, and settle disputes.
        </p>
        <p>
          Our servers also count requests per IP address for a short time (up to an hour) to stop password guessing and spam; those counters are not
          kept in our database.
        </p>
      </>
    ),
  },
  {
    id: 'who-sees-what',
    title: 'Who sees what',
    content: (
      <ul>
        <li>
          <strong>Everyone</strong> sees your username, avatar, when you joined, your listings and your completed sales.
        </li>
        <li>
          <strong>The other side of a conversation</strong> sees the messages you send there.
        </li>
        <li>
          <strong>Our admins</strong> can read conversations and deals to help you and to decide disputes, and they receive what you send through the
          contact form by email.
        </li>
        <li>
          <strong>Our escrow payment provider</strong> receives what a card or crypto payment or a payout needs. Card details go to the provider
          directly; we never receive your card number.
        </li>
      </ul>
    ),
  },
  {
    id: 'no-trackers',
    title: 'No trackers, no advertising',
    content: (
      <>
        <p>
          Handover has no analytics, advertising or social media scripts and sells no data. Pictures in listings and blog posts that live on other
          sites are fetched by our own server, so those sites do not learn who is looking.
        </p>
        <p>
          The one cookie and the few browser storage entries we use are listed in the <Link to={paths.cookies}>Cookie Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    content: (
      <>
        <p>
          As long as your account exists. Sessions end when they expire or when you sign out; unconfirmed sign-ups and used reset links expire on
          their own.
        </p>
        <p>
          When an account is deleted, its name, email, password and avatar are erased and its listings leave sale. Deals, ledger entries and the
          messages in them stay, under “Deleted user”, because the money records of both sides must keep adding up.
        </p>
      </>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    content: (
      <p>
        You can change your email, password, picture and notification choices, or delete your account, in your{' '}
        <Link to={paths.settings}>settings</Link>. You can also ask for a copy of your data or for a correction through the{' '}
        <Link to={paths.contact}>contact form</Link>. An account can be deleted once it has no open deal and no money left in it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        Passwords are hashed with argon2id, each sign-in starts a new session, the session cookie cannot be read by scripts, and on a secure (https)
        address it is sent only over encrypted connections. Every request is checked on our server against your role and what you own.
      </p>
    ),
  },
]

/** /privacy (SPEC §2): what the marketplace really stores and why. */
export function PrivacyScreen() {
  useSeo(PAGE_TEXT.privacy)
  return <LegalPage title="Privacy Policy" lede="What Handover stores about you, why, who can see it, and how long we keep it." sections={SECTIONS} />
}
