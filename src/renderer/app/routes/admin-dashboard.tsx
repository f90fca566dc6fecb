import { AdminDashboardScreen } from '@/features/admin/components/admin-dashboard-screen'
import { DisputesQueue } from '@/features/admin-moderation/components/disputes-queue'
import { ReviewQueue } from '@/features/admin-moderation/components/review-queue'
import { WithdrawalsQueue } from '@/features/admin-payments/components/withdrawals-queue'

/** /admin-dashboard: the figures, then the queues of waiting work, each from the feature that owns it. */
export default function AdminDashboardRoute() {
  return (
    <AdminDashboardScreen
      queues={
        <>
          <DisputesQueue />
          <WithdrawalsQueue />
          <ReviewQueue />
        </>
      }
    />
  )
}
