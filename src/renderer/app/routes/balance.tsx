import { BalanceScreen } from '@/features/payments/components/balance-screen'
import { NotForAdmins } from '@/components/admin/not-for-admins'

/** /balance: a buyer's and seller's money; an admin, who holds none, is sent on to the admin area. */
export default function BalanceRoute() {
  return (
    <NotForAdmins
      title="Admins don’t hold a balance"
      text="Admin accounts neither buy nor sell, so there is nothing to deposit or withdraw here. Payments, withdrawals and disputes are handled in the admin area."
    >
      <BalanceScreen />
    </NotForAdmins>
  )
}
