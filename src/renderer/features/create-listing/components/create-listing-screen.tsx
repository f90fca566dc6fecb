import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { AlertTriangle, Lock, SearchX } from 'lucide-react'
import { LISTING_MESSAGES, LISTING_WRITE_MESSAGES, type ListingDto } from '@shared/api/listings'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { useEditableListing } from '../api/get-editable-listing'
import type { UploadFn } from '../hooks/use-image-uploads'
import { ListingForm } from './listing-form'
import type { PlatformIconComponent } from './platform-picker'

interface CreateListingScreenProps {
  platformIcon: PlatformIconComponent
  upload?: UploadFn
}

/** The server refuses changes to these (LISTING_WRITE_MESSAGES.notEditable), so the form is not offered. */
const FINAL_STATUSES: ReadonlySet<ListingDto['status']> = new Set(['sold', 'removed'])

function FormSkeleton() {
  return (
    <div className="grid gap-6" aria-label="Loading the form">
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  )
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-navy-200 dark:border-navy-700 px-6 py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">{icon}</span>
      <p className="mt-5 text-lg font-semibold">{title}</p>
      {children}
    </div>
  )
}

function EditListing({ id, userId, platformIcon, upload }: CreateListingScreenProps & { id: string; userId: number }) {
  const query = useEditableListing(id)
  if (query.isPending) return <FormSkeleton />
  if (query.isError) {
    return (
      <Notice icon={<AlertTriangle className="size-7" aria-hidden="true" />} title="Could not load the listing">
        <p className="mt-2 text-sm text-muted-foreground">{query.error.message}</p>
        <Button className="mt-5" variant="primary" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Notice>
    )
  }
  const listing = query.data
  if (!listing) return <Notice icon={<SearchX className="size-7" aria-hidden="true" />} title={LISTING_MESSAGES.notFound} />
  if (listing.sellerId !== userId) return <Notice icon={<Lock className="size-7" aria-hidden="true" />} title={LISTING_WRITE_MESSAGES.notOwner} />
  if (FINAL_STATUSES.has(listing.status)) {
    return (
      <Notice icon={<Lock className="size-7" aria-hidden="true" />} title={LISTING_WRITE_MESSAGES.notEditable}>
        <Button asChild className="mt-5" variant="primary">
          <Link to={paths.createListing}>Create a new listing</Link>
        </Button>
      </Notice>
    )
  }
  return <ListingForm key={listing.id} listing={listing} platformIcon={platformIcon} upload={upload} />
}

/** /create-listing, and /create-listing?edit={id} for the seller's own listing. Signed-in users only. */
export function CreateListingScreen({ platformIcon, upload }: CreateListingScreenProps) {
  const [params] = useSearchParams()
  const editId = params.get('edit')
  const { user, isSignedIn, isLoading } = useCurrentUser()
  useSeo({
    title: `${editId ? 'Edit listing' : 'Create Listing'} | Handover`,
    description: 'List a social media account for sale on Handover, with escrow protection for you and the buyer.',
    noIndex: true,
  })

  if (!isLoading && !isSignedIn) return <SignInRedirect reason="create-listing" />

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight">{editId ? 'Edit your listing' : 'Sell an account'}</h1>
        <p className="mt-2 text-muted-foreground">
          {editId
            ? 'Update what buyers see; the fields you leave alone stay as they are.'
            : 'Describe the account honestly. An admin reviews new listings before they appear in the catalogue; the money is held in escrow when it sells.'}
        </p>
      </header>
      {isLoading || !user ? (
        <FormSkeleton />
      ) : editId ? (
        <EditListing id={editId} userId={user.id} platformIcon={platformIcon} upload={upload} />
      ) : (
        <ListingForm platformIcon={platformIcon} upload={upload} />
      )}
    </div>
  )
}
