import { CreateListingScreen } from '@/features/create-listing/components/create-listing-screen'
import { PlatformIcon } from '@/features/home/components/platform-icon'

/** /create-listing; the platform marks come from the home feature, which features may not import themselves. */
export default function CreateListingRoute() {
  return <CreateListingScreen platformIcon={PlatformIcon} />
}
