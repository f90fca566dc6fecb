import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { RatingInline } from '@/components/star-rating'
import { useSeller } from '../api/get-seller'
import { salesLabel, sellerPath } from '../lib/format'
import { SellerAvatar } from './seller-avatar'

/**
 * The seller box beside a listing: who sells it, their buyers' rating and how many sales they completed, the same
 * figures (and the same request) as their seller page.
 */
export function ListingSellerCard({ sellerId, username }: { sellerId: number; username: string }) {
  const seller = useSeller(String(sellerId)).data
  const name = seller?.username ?? username
  return (
    <Card className="flex items-center gap-3 p-5" aria-label="Seller">
      <SellerAvatar username={name} avatar={seller?.avatar ?? null} className="size-11 text-lg" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">Seller</p>
        <p className="truncate font-semibold">{name}</p>
        {seller && (
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
            <RatingInline rating={seller.rating} />
            <span className="text-muted-foreground" data-testid="seller-sales">
              {salesLabel(seller.completedSales)} completed
            </span>
          </div>
        )}
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={sellerPath(sellerId)}>View profile</Link>
      </Button>
    </Card>
  )
}
