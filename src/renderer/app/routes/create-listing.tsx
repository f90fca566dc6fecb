import { CreateListingScreen } from '@/features/create-listing/components/create-listing-screen'
import { PlatformIcon } from '@/features/home/components/platform-icon'
import { NotForAdmins } from '@/components/admin/not-for-admins'

/**
 * /create-listing; the platform marks come from the home feature, which features may not import themselves. Admins
 * review listings rather than sell, so one who opens it is sent on to the admin area.
 */
export default function CreateListingRoute() {
  return (
    <NotForAdmins
      title="Admins don’t list accounts"
      text="Admin accounts neither buy nor sell. New listings from sellers wait for your review on the admin dashboard."
    >
      <CreateListingScreen platformIcon={PlatformIcon} />
    </NotForAdmins>
  )
}
