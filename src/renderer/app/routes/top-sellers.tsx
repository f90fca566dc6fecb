import { TopSellersScreen } from '@/features/sellers/components/top-sellers-screen'

/** /top-sellers */
export default function TopSellersRoute() {
  return <TopSellersScreen />
}
