import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { ShieldAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { describeError } from '@/lib/api-client'
import { adminMeQueryOptions, useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { toast } from '@/hooks/use-toast'
import { useReviewListing, useReviewQueue, type ReviewDecision } from '../api/review-queue'
import { ReviewQueueItem } from './review-queue-item'

/** /admin-dashboard: the moderation work an admin does every day, starting with new listings. */
export function AdminDashboardScreen() {
  useSeo({ title: 'Admin Dashboard | Handover', description: 'Handover administration.', noIndex: true })
  const { isSignedIn, isLoading } = useCurrentUser()
  const adminMe = useQuery(adminMeQueryOptions(isSignedIn))
  const isAdmin = adminMe.data === true
  const queue = useReviewQueue(isAdmin)
  const review = useReviewListing()

  if (isLoading || (isSignedIn && adminMe.isPending)) return <DashboardSkeleton />
  if (!isSignedIn || !isAdmin) return <AdminsOnly signedIn={isSignedIn} />

  function decide(decision: ReviewDecision) {
    review.mutate(decision, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: decision.action === 'approve' ? 'Listing approved' : 'Listing rejected',
          description: decision.action === 'approve' ? 'It is live in the catalogue now.' : 'The seller has been told why.',
        }),
      onError: (error) => toast({ variant: 'destructive', title: 'Could not update the listing', description: describeError(error, 'Please try again.') }),
    })
  }

  const items = queue.data?.items ?? []
  const total = queue.data?.total ?? 0
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <div className="mt-8 flex items-baseline justify-between gap-4">
        <h2 className="text-xl font-semibold">Listings awaiting review</h2>
        {queue.data && <QueueCount shown={items.length} total={total} />}
      </div>
      {queue.isPending && <DashboardSkeleton />}
      {queue.error && (
        <p role="alert" className="mt-4 text-destructive">
          {describeError(queue.error, 'The review queue could not be loaded.')}
        </p>
      )}
      {queue.data && items.length === 0 && <p className="mt-4 rounded-2xl border border-dashed p-8 text-center text-muted-foreground">Nothing to review. New listings appear here.</p>}
      <ul className="mt-4 space-y-4">
        {items.map((listing) => (
          <ReviewQueueItem
            key={listing.id}
            listing={listing}
            busy={review.isPending && review.variables?.id === listing.id}
            onApprove={() => decide({ id: listing.id, action: 'approve' })}
            onReject={(reason) => decide({ id: listing.id, action: 'reject', reason })}
          />
        ))}
      </ul>
    </section>
  )
}

/** The whole queue's size; the page holds only the oldest ones, so say so when some are left out. */
function QueueCount({ shown, total }: { shown: number; total: number }) {
  const count = total === 1 ? '1 listing' : `${total.toLocaleString('en-US')} listings`
  return (
    <span className="text-sm text-muted-foreground">
      {shown < total ? `${count}, oldest ${shown.toLocaleString('en-US')} shown` : count}
    </span>
  )
}

function AdminsOnly({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-20 text-center">
      <ShieldAlert className="size-10 text-navy-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">Admins only</h1>
      <p className="mt-2 text-muted-foreground">{signedIn ? 'This account has no admin rights.' : 'Sign in with an admin account to continue.'}</p>
      <Button asChild className="mt-6">
        <Link to={signedIn ? paths.home : paths.login}>{signedIn ? 'Go to Homepage' : 'Sign In'}</Link>
      </Button>
    </section>
  )
}

function DashboardSkeleton() {
  return (
    <div className="mx-auto mt-4 w-full max-w-5xl space-y-4" aria-hidden="true">
      <Skeleton className="h-32 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  )
}
