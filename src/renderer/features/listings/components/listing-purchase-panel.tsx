import { Link } from 'react-router-dom'
import { MessageCircle, ShieldCheck, ShoppingCart, UserRound } from 'lucide-react'
import { formatMoney } from '@shared/format'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { sellerPath } from '../lib/labels'
import type { Listing } from '../types'

const SOON = 'Available soon'

/**
 * Price, actions and seller. Buying and messaging wait for the escrow and chat features, so the
 * buttons are visibly disabled with the reason next to them rather than leading to a dead end.
 */
export function ListingPurchasePanel({ listing }: { listing: Listing }) {
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-5">
        <p className="text-sm text-muted-foreground">Price</p>
        <p className="text-3xl font-extrabold tracking-tight text-navy-900">{formatMoney(listing.price)}</p>
        <div className="mt-4 grid gap-2">
          <Button size="lg" disabled title={SOON} aria-describedby="listing-actions-soon">
            <ShoppingCart aria-hidden="true" /> Buy Now
          </Button>
          <Button size="lg" variant="outline" disabled title={SOON} aria-describedby="listing-actions-soon">
            <MessageCircle aria-hidden="true" /> Message Seller
          </Button>
        </div>
        <p id="listing-actions-soon" className="mt-2 text-center text-xs text-muted-foreground">{SOON}: escrow checkout and chat are on their way.</p>
        <p className="mt-4 flex items-start gap-2 rounded-xl bg-mint-300/20 px-3 py-2.5 text-sm text-mint-700">
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
          <Link to={sellerPath(listing.seller?.id ?? listing.sellerId)}>View profile</Link>
        </Button>
      </Card>
    </div>
  )
}
