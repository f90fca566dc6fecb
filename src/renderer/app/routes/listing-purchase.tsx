import type { RenderPurchase, RenderSeller } from '@/features/listings/components/listing-detail-screen'
import { ListingSellerCard } from '@/features/sellers/components/listing-seller-card'
import { BuyNow } from '@/features/transactions/components/buy-now'

/** The listing page's Buy Now: the escrow checkout of the transactions feature (features do not import each other). */
export const renderPurchase: RenderPurchase = (listing) => (
  <BuyNow
    listing={{
      id: listing.id,
      accountTitle: listing.accountTitle,
      username: listing.username,
      price: listing.price,
      sellerId: listing.sellerId,
      isActive: listing.isActive,
    }}
  />
)

/** The listing page's seller box: the seller's rating and completed sales, from the sellers feature. */
export const renderSeller: RenderSeller = (seller) => <ListingSellerCard sellerId={seller.id} username={seller.username} />
