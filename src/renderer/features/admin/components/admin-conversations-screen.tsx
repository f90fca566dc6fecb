import { AdminShell } from './admin-shell'

export function AdminConversationsScreen() {
  return <AdminShell title="Admin Chats">{null}</AdminShell>
}
