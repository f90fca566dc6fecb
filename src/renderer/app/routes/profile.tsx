import { ProfileScreen, type ProfileScreenProps } from '@/features/profile/components/profile-screen'
import { SellerReviews } from '@/features/reviews/components/seller-reviews'
import { DealsPreview } from '@/features/transactions/components/deals-preview'

/** How many of the newest sales and purchases the profile lists; the rest are on /transactions. */
const DEALS_SHOWN = 5

const renderDeals: ProfileScreenProps['renderDeals'] = (role) => (
  <DealsPreview
    role={role}
    limit={DEALS_SHOWN}
    emptyText={
      role === 'seller'
        ? 'No sales yet. When a buyer purchases one of your listings, the deal shows here.'
        : 'No purchases yet. Accounts you buy show here with every step of the deal.'
    }
  />
)

const renderReviews: ProfileScreenProps['renderReviews'] = (userId) => (
  <SellerReviews
    sellerId={userId}
    heading="Reviews you received"
    emptyText="No reviews yet. Buyers can review you once a deal with them is completed."
  />
)

/** /profile: the signed-in user's own page, composed from the profile, transactions and reviews features. */
export default function ProfileRoute() {
  return <ProfileScreen renderDeals={renderDeals} renderReviews={renderReviews} />
}
