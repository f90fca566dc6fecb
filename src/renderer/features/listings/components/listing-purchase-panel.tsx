import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Loader2, MessageCircle, ShieldCheck, UserRound } from 'lucide-react'
import { formatMoney } from '@shared/format'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import { useOpenConversation } from '@/lib/open-conversation'
import { signInPath } from '@/lib/redirect'
import { sellerPath } from '../lib/labels'
import type { Listing } from '../types'

/** Opens (or finds) the conversation about this listing and goes to it; visitors sign in first and come back to the listing. */
function MessageSellerButton({ listing }: { listing: Listing }) {
  const { isSignedIn } = useCurrentUser()
  const open = useOpenConversation()
  const navigate = useNavigate()
  const onClick = () => {
    if (!isSignedIn) {
      navigate(signInPath(paths.listing(listing.id), { reason: 'message' }))
      return
    }
    open.mutate(
      { listingId: listing.id },
      {
        onSuccess: (conversation) => navigate(paths.conversation(conversation.id)),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not open the chat', description: describeError(error, 'Please try again.') }),
      },
    )
  }
  return (
    <Button size="lg" variant="outline" onClick={onClick} disabled={open.isPending}>
      {open.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
      {open.isPending ? 'Opening chat…' : 'Message Seller'}
    </Button>
  )
}

/** The seller box when the app gives none: the name and a link to their page. */
function SellerBox({ listing }: { listing: Listing }) {
  const sellerId = listing.seller?.id ?? listing.sellerId
  return (
    <Card className="flex items-center gap-3 p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-navy-900 text-mint-400">
        <UserRound className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">Seller</p>
        <p className="truncate font-semibold">{listing.seller?.username ?? 'Unknown seller'}</p>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={sellerPath(sellerId)}>View profile</Link>
      </Button>
    </Card>
  )
}

interface ListingPurchasePanelProps {
  listing: Listing
  /** Buy Now, from the app (the escrow checkout lives in another feature); on a phone it sits in the bottom bar instead */
  purchase?: ReactNode
  /** the seller's box with their rating and sales, from the app; the name and a link when absent */
  seller?: ReactNode
}

/**
 * Price, actions and seller. The seller sees no button to message themselves, nor the buyer's promise of escrow; a
 * listing off sale takes no new chats (the server refuses them too).
 */
export function ListingPurchasePanel({ listing, purchase, seller }: ListingPurchasePanelProps) {
  const { user } = useCurrentUser()
  const sellerId = listing.seller?.id ?? listing.sellerId
  const own = user !== null && user.id === sellerId
  const sold = listing.status === 'sold'
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-5">
        <p className="text-sm text-muted-foreground">{sold ? 'Sold for' : 'Price'}</p>
        <p className="text-3xl font-extrabold tracking-tight text-navy-900 dark:text-navy-100">{formatMoney(listing.price)}</p>
        {(purchase || (!own && listing.isActive)) && (
          <div className="mt-4 grid gap-2">
            {purchase}
            {!own && listing.isActive && <MessageSellerButton listing={listing} />}
          </div>
        )}
        {!sold && (
          <p className="mt-4 flex items-start gap-2 rounded-xl bg-mint-300/20 dark:bg-mint-400/10 px-3 py-2.5 text-sm text-mint-700 dark:text-mint-400">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {own
              ? 'A buyer pays into escrow; you are paid once they confirm the account is theirs.'
              : 'Your payment is held in escrow until the account is yours.'}
          </p>
        )}
      </Card>
      {seller ?? <SellerBox listing={listing} />}
    </div>
  )
}
