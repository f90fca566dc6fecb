import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeft, MessageCircle, SearchX } from 'lucide-react'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { useTransaction } from '../api/get-transaction'
import { ROLE_LABELS } from '../lib/labels'
import { parseDealId } from '../lib/parse-id'
import { DealActions } from './deal-actions'
import { HandoverChecklist } from './handover-checklist'
import { MoneySummary } from './money-summary'
import { StatusBadge } from './status-badge'
import { StatusTimeline } from './status-timeline'

function ChatLink({ deal, className }: { deal: TransactionDetailDto; className?: string }) {
  if (deal.conversationId === null) return null
  return (
    <Button asChild variant="outline" className={className}>
      <Link to={paths.chat(deal.conversationId)}>
        <MessageCircle aria-hidden="true" /> Open the deal's chat
      </Link>
    </Button>
  )
}

function DealHeader({ deal }: { deal: TransactionDetailDto }) {
  const other =
    deal.viewerRole === 'buyer'
      ? `Buying from ${deal.seller.username}`
      : deal.viewerRole === 'seller'
        ? `Selling to ${deal.buyer.username}`
        : `${deal.seller.username} sells to ${deal.buyer.username}`
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-2xl font-extrabold tracking-tight sm:text-3xl">{transactionDisplayId(deal.id)}</h1>
          <StatusBadge status={deal.status} className="text-sm" />
        </div>
        <p className="mt-2 text-lg font-semibold break-words">
          <Link to={paths.listing(deal.listing.id)} className="underline-offset-4 hover:underline">
            {deal.listing.accountTitle}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground">
          @{deal.listing.username} · {other}
          {deal.viewerRole === 'admin' && ` · ${ROLE_LABELS.admin}`}
        </p>
      </div>
      <ChatLink deal={deal} className="self-start sm:self-auto" />
    </header>
  )
}

function Parties({ deal }: { deal: TransactionDetailDto }) {
  const you = (role: 'buyer' | 'seller') => (deal.viewerRole === role ? ' (you)' : '')
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">People</h2>
      <dl className="mt-3 grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Buyer</dt>
          <dd className="truncate font-medium">
            {deal.buyer.username}
            {you('buyer')}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Seller</dt>
          <dd className="truncate font-medium">
            {deal.seller.username}
            {you('seller')}
          </dd>
        </div>
      </dl>
    </Card>
  )
}

function DetailSkeleton() {
  return (
    <div aria-label="Loading the transaction" className="grid gap-6">
      <Skeleton className="h-10 w-64" />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-6">
          <Skeleton className="h-48 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    </div>
  )
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
      <Link to={paths.transactions}>
        <ArrowLeft aria-hidden="true" /> All transactions
      </Link>
    </Button>
  )
}

/** What the app adds to a deal's page from another feature: the review of a completed deal. */
export type RenderDealExtra = (deal: TransactionDetailDto) => ReactNode

/** The deal itself: its money, where it stands, what the viewer can do, the checklist and the timeline. */
export function TransactionDetail({ deal, renderReview }: { deal: TransactionDetailDto; renderReview?: RenderDealExtra }) {
  const review = renderReview?.(deal)
  return (
    <>
      <DealHeader deal={deal} />
      {/* on a phone the money comes right after the next step; from lg it is a sticky column beside everything */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 lg:col-start-1">
          <DealActions deal={deal} />
        </div>
        {review && <div className="min-w-0 lg:col-start-1">{review}</div>}
        <aside className="grid content-start gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1" aria-label="Deal summary">
          <MoneySummary deal={deal} />
          <Parties deal={deal} />
        </aside>
        {deal.checklist.length > 0 && (
          <div className="min-w-0 lg:col-start-1">
            <HandoverChecklist deal={deal} />
          </div>
        )}
        <div className="min-w-0 lg:col-start-1">
          <StatusTimeline deal={deal} />
        </div>
      </div>
    </>
  )
}

export function NotFoundDeal() {
  return (
    <StateNotice
      as="h1"
      icon={<SearchX className="size-7" aria-hidden="true" />}
      title="Transaction not found"
      text="It does not exist, or it is not one of your deals."
    >
      <Button asChild variant="primary">
        <Link to={paths.transactions}>Your transactions</Link>
      </Button>
    </StateNotice>
  )
}

/** /transaction/{id} (SPEC §2). */
export function TransactionDetailScreen({ id, renderReview }: { id: string; renderReview?: RenderDealExtra }) {
  const dealId = parseDealId(id)
  const { isSignedIn, isLoading } = useCurrentUser()
  const deal = useTransaction(dealId ?? 0, isSignedIn && dealId !== null)
  useSeo({
    title: dealId ? `${transactionDisplayId(dealId)} | Handover` : 'Transaction | Handover',
    description: 'One of your deals on Handover.',
    noIndex: true,
  })
  if (!isLoading && !isSignedIn) return <SignInRedirect reason="transaction" />
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <BackLink />
      {dealId === null || deal.data === null ? (
        <NotFoundDeal />
      ) : deal.data ? (
        <TransactionDetail deal={deal.data} renderReview={renderReview} />
      ) : deal.isError ? (
        <LoadFailedNotice
          icon={<SearchX className="size-7" aria-hidden="true" />}
          title="Could not load the transaction"
          error={deal.error}
          onRetry={() => void deal.refetch()}
        />
      ) : (
        <DetailSkeleton />
      )}
    </div>
  )
}
