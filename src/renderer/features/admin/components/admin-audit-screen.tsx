import { AdminShell } from './admin-shell'

export function AdminAuditScreen() {
  return <AdminShell title="Audit Log">{null}</AdminShell>
}
