import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ExternalLink, ShieldCheck } from 'lucide-react'
import type { ConversationDto } from '@shared/api/conversations'
import { formatMoney } from '@shared/format'
import { transactionDisplayId } from '@shared/api/transactions'
import { paths } from '@/config/paths'
import { OnlineAvatar } from './online-avatar'

/**
 * Whom the thread is with (both sides in the support view), their presence, the deal it belongs to (where its steps
 * are taken: a purchase lands its buyer here) and the listing it is about.
 */
export function ThreadHeader({ conversation, back }: { conversation: ConversationDto; back?: ReactNode }) {
  const support = conversation.role === 'admin'
  const title = support ? `${conversation.buyer.username} & ${conversation.seller.username}` : conversation.counterpart.username
  const { listing } = conversation
  return (
    <header className="flex items-center gap-3 border-b bg-card px-3 py-2.5 sm:px-5">
      {back}
      <OnlineAvatar user={conversation.counterpart} />
      <div className="min-w-0 flex-1">
        <h2 className="flex min-w-0 items-center gap-1.5 font-semibold">
          <span className="truncate">{title}</span>
          {support && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 dark:bg-amber-900/40 px-2 py-0.5 text-[0.6875rem] font-semibold text-amber-800 dark:text-amber-200">
              <ShieldCheck className="size-3" aria-hidden="true" /> Support view
            </span>
          )}
        </h2>
        <p className="truncate text-xs text-muted-foreground">
          {support
            ? `Buyer ${conversation.buyer.username} · Seller ${conversation.seller.username}`
            : conversation.counterpart.isOnline
              ? 'Online'
              : 'Offline'}
        </p>
      </div>
      {conversation.transactionId !== null && (
        <Link
          to={paths.transaction(conversation.transactionId)}
          className="shrink-0 rounded-lg px-2 py-1 text-xs font-semibold text-mint-700 dark:text-mint-400 hover:bg-muted"
          aria-label={`View deal ${transactionDisplayId(conversation.transactionId)}`}
        >
          Deal <span className="hidden sm:inline">{transactionDisplayId(conversation.transactionId)}</span>
        </Link>
      )}
      {listing && (
        <Link
          to={paths.listing(listing.id)}
          className="hidden max-w-56 shrink-0 items-center gap-2 rounded-xl border px-3 py-1.5 text-left text-xs transition-colors hover:bg-muted sm:flex"
        >
          <span className="min-w-0">
            <span className="block truncate font-semibold text-foreground">{listing.accountTitle}</span>
            <span className="block text-muted-foreground">{formatMoney(listing.price)} · View listing</span>
          </span>
          <ExternalLink className="size-3.5 shrink-0 text-navy-400" aria-hidden="true" />
        </Link>
      )}
      {listing && (
        <Link
          to={paths.listing(listing.id)}
          className="shrink-0 rounded-lg px-2 py-1 text-xs font-semibold text-mint-700 dark:text-mint-400 hover:bg-muted sm:hidden"
          aria-label={`View listing: ${listing.accountTitle}`}
        >
          Listing
        </Link>
      )}
    </header>
  )
}
