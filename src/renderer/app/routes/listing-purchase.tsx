import type { RenderPurchase } from '@/features/listings/components/listing-detail-screen'
import { BuyNow } from '@/features/transactions/components/buy-now'

/** The listing page's Buy Now: the escrow checkout of the transactions feature (features do not import each other). */
export const renderPurchase: RenderPurchase = (listing) => (
  <BuyNow
    listing={{ id: listing.id, accountTitle: listing.accountTitle, price: listing.price, sellerId: listing.sellerId, isActive: listing.isActive }}
  />
)
