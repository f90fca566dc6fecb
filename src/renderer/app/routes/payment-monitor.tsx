import { PaymentMonitorScreen } from '@/features/admin-payments/components/payment-monitor-screen'
import { useRealtime } from '../providers/realtime-provider'

/** /admin/payment-monitor: the screen learns from the live connection (owned by app/) whether its tables are live. */
export default function PaymentMonitorRoute() {
  const { status } = useRealtime()
  return <PaymentMonitorScreen live={status.connected} />
}
