import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ArrowRight, ShoppingCart } from 'lucide-react'
import { transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Dialog, DialogTrigger } from '@/components/ui/dialog'
import { useCurrentUser } from '@/lib/auth'
import { signInPath } from '@/lib/redirect'
import { useTransactions } from '../api/get-transactions'
import { PurchaseDialogContent, type PurchaseListing } from './purchase-dialog'

export interface BuyNowListing extends PurchaseListing {
  sellerId: number
  /** the account's handle, named on the sign-in screen a visitor is sent to */
  username: string
  /** on sale now (not reserved, sold or removed) */
  isActive: boolean
}

/** The viewer's own open purchase of this listing, if any: coming back to a reserved listing leads to the deal. */
function useOpenPurchase(listingId: number, enabled: boolean) {
  const list = useTransactions({ status: 'active', role: 'buyer', page: 1 }, enabled, 100)
  return list.data?.items.find((deal) => deal.listing.id === listingId) ?? null
}

/**
 * Buy Now on the listing page. Visitors are sent to sign in and back to the listing, to buy it from there (not
 * bought on arrival: the price or the listing may have changed meanwhile); the seller sees nothing; a buyer with an open
 * purchase of it is taken back to that deal; a listing not on sale has no button (its page says why).
 */
export function BuyNow({ listing }: { listing: BuyNowListing }) {
  const { user, isSignedIn } = useCurrentUser()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const own = user !== null && user.id === listing.sellerId
  const openPurchase = useOpenPurchase(listing.id, isSignedIn && !own)
  if (own) return null
  // once the dialog is open it stays, whatever the listing does meanwhile (the purchase itself reserves it)
  if (!open) {
    if (openPurchase) {
      return (
        // the label is longer than the price card is wide on a phone: it wraps rather than widening the page
        <Button asChild size="lg" className="h-auto min-h-12 py-2 text-center whitespace-normal">
          <Link to={paths.transaction(openPurchase.id)}>
            Continue your purchase ({transactionDisplayId(openPurchase.id)}) <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )
    }
    // the listing page says why it is not for sale (reserved, sold, taken down)
    if (!listing.isActive) return null
    if (!isSignedIn) {
      return (
        <Button size="lg" onClick={() => navigate(signInPath(paths.listing(listing.id), { reason: 'buy', handle: listing.username }))}>
          <ShoppingCart aria-hidden="true" /> Buy Now
        </Button>
      )
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="lg">
          <ShoppingCart aria-hidden="true" /> Buy Now
        </Button>
      </DialogTrigger>
      {open && <PurchaseDialogContent listing={listing} open={open} />}
    </Dialog>
  )
}
