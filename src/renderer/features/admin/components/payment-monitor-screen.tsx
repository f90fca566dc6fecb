import { AdminShell } from './admin-shell'

export function PaymentMonitorScreen() {
  return <AdminShell title="Payment Monitor">{null}</AdminShell>
}
