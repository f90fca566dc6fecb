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
import { sellerPath } from '../lib/labels'
import type { Listing } from '../types'

/** Opens (or finds) the conversation about this listing and goes to it; visitors sign in first. */
function MessageSellerButton({ listing }: { listing: Listing }) {
  const { isSignedIn } = useCurrentUser()
  const open = useOpenConversation()
  const navigate = useNavigate()
  const onClick = () => {
    if (!isSignedIn) {
      navigate(paths.login)
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

/**
 * Price, actions and seller. Buy Now comes from the app (`purchase`: the escrow checkout lives in another
 * feature); the seller sees no button to message themselves.
 */
export function ListingPurchasePanel({ listing, purchase }: { listing: Listing; purchase?: ReactNode }) {
  const { user } = useCurrentUser()
  const sellerId = listing.seller?.id ?? listing.sellerId
  const own = user !== null && user.id === sellerId
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-5">
        <p className="text-sm text-muted-foreground">Price</p>
        <p className="text-3xl font-extrabold tracking-tight text-navy-900 dark:text-navy-100">{formatMoney(listing.price)}</p>
        <div className="mt-4 grid gap-2">
          {purchase}
          {!own && <MessageSellerButton listing={listing} />}
        </div>
        <p className="mt-4 flex items-start gap-2 rounded-xl bg-mint-300/20 dark:bg-mint-400/10 px-3 py-2.5 text-sm text-mint-700 dark:text-mint-400">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Your payment is held in escrow until the account is yours.
        </p>
      </Card>
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
    </div>
  )
}
