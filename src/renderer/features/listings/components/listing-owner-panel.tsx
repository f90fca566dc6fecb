import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { AlertDialog } from 'radix-ui'
import { CircleCheck, Clock, Info, Pencil, ShieldAlert, Tag, Trash2, XCircle } from 'lucide-react'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import { cn } from '@/lib/utils'
import { formatLongDate } from '@/lib/dates'
import { useDeleteListing } from '../api/delete-listing'
import type { Listing } from '../types'

interface StatusNotice {
  tone: 'info' | 'success' | 'warning' | 'muted'
  icon: ReactNode
  text: string
}

const TONES: Record<StatusNotice['tone'], string> = {
  info: 'border-sky-200 dark:border-sky-800 bg-sky-50 dark:bg-sky-950/40 text-sky-900 dark:text-sky-200',
  success: 'border-mint-500/30 bg-mint-300/15 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400',
  warning: 'border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 text-amber-900 dark:text-amber-200',
  muted: 'border-border bg-muted text-navy-700 dark:text-navy-200',
}

const icon = (Icon: typeof Clock) => <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />

/** What the seller is told about their own listing; a rejection reason wins over the bare status. */
export function ownerNotice(listing: Pick<Listing, 'status' | 'rejectionReason' | 'soldAt'>): StatusNotice | null {
  if (listing.status === 'pending_review') {
    return { tone: 'info', icon: icon(Clock), text: 'Waiting for review — your listing appears in the catalogue once an admin approves it' }
  }
  if (listing.status === 'active') return { tone: 'success', icon: icon(CircleCheck), text: 'Live in the catalogue' }
  // a suspension keeps its reason in the same field as a rejection (admin moderation)
  if (listing.status === 'suspended')
    return { tone: 'warning', icon: icon(ShieldAlert), text: listing.rejectionReason ? `Suspended: ${listing.rejectionReason}` : 'Suspended' }
  if (listing.rejectionReason && listing.status !== 'sold')
    return { tone: 'warning', icon: icon(XCircle), text: `Not approved: ${listing.rejectionReason}` }
  if (listing.status === 'removed') return { tone: 'muted', icon: icon(Trash2), text: 'Removed' }
  if (listing.status === 'sold')
    return { tone: 'success', icon: icon(Tag), text: listing.soldAt ? `Sold on ${formatLongDate(listing.soldAt)}` : 'Sold' }
  if (listing.status === 'reserved') {
    return { tone: 'info', icon: icon(Clock), text: 'Reserved — a buyer is paying for it; it cannot be changed while the purchase is in progress' }
  }
  return null
}

/**
 * Sold and removed listings are final, so neither is offered Edit or Delete: the server refuses edits to
 * both and deleting a sold one; deleting a removed one again answers 204 and changes nothing. A reserved one is
 * in a deal, and the server refuses both until the deal ends.
 */
const isLocked = (listing: Pick<Listing, 'status'>) => listing.status === 'sold' || listing.status === 'removed' || listing.status === 'reserved'

function DeleteListingButton({ listing }: { listing: Listing }) {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const mutation = useDeleteListing()

  const confirm = () =>
    mutation.mutate(listing.id, {
      onSuccess: () => {
        setOpen(false)
        toast({ variant: 'success', title: 'Listing deleted', description: 'It is no longer shown to buyers.' })
        navigate(paths.home)
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not delete the listing', description: describeError(error, 'Please try again in a moment.') }),
    })

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:bg-destructive/5">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-card p-6 shadow-2xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Delete this listing?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            “{listing.accountTitle}” leaves the catalogue and cannot be restored. You can list the account again later.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* not AlertDialog.Action: that closes at once, and the dialog should stay while the request runs */}
            <Button variant="destructive" onClick={confirm} disabled={mutation.isPending}>
              {mutation.isPending ? 'Deleting...' : 'Delete listing'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** For the seller only: where the listing stands in review, with Edit and Delete. */
export function ListingOwnerPanel({ listing }: { listing: Listing }) {
  const { user } = useCurrentUser()
  if (!user || user.id !== listing.sellerId) return null
  const notice = ownerNotice(listing)
  return (
    <section
      aria-label="Your listing"
      className={cn('mb-6 flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between', TONES[notice?.tone ?? 'muted'])}
    >
      <p className="flex items-start gap-2.5 text-sm font-medium" role="status">
        {notice?.icon ?? icon(Info)}
        <span>{notice?.text ?? 'This is your listing'}</span>
      </p>
      {listing.status === 'removed' && (
        <Button asChild variant="outline" size="sm" className="shrink-0 self-start sm:self-auto">
          <Link to={paths.createListing}>Create a new listing</Link>
        </Button>
      )}
      {!isLocked(listing) && (
        <div className="flex shrink-0 gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`${paths.createListing}?edit=${listing.id}`}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </Button>
          <DeleteListingButton listing={listing} />
        </div>
      )}
    </section>
  )
}
