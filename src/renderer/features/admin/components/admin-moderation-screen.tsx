import { AdminShell } from './admin-shell'

export function AdminModerationScreen() {
  return <AdminShell title="Moderation">{null}</AdminShell>
}
