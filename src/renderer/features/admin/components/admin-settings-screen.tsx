import { AdminShell } from './admin-shell'

export function AdminSettingsScreen() {
  return <AdminShell title="Admin Settings">{null}</AdminShell>
}
