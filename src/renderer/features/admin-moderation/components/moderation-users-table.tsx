import type { AdminUserDto } from '@shared/api/moderation'
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table'
import { USER_ACTIONS, userActions, type UserAction } from '../lib/moderation-actions'
import { ActionButtons, FlagsCell, StatusPill, WHEN } from './moderation-cells'

interface ModerationUsersTableProps {
  users: AdminUserDto[]
  onAction(user: AdminUserDto, action: UserAction): void
}

const COLUMNS: AdminColumn[] = [
  { label: 'User' },
  { label: 'Joined' },
  { label: 'Status' },
  { label: 'Violations' },
  { label: 'Actions', className: 'text-right' },
]

function UserStatus({ user }: { user: AdminUserDto }) {
  if (user.deletedAt) return <StatusPill tone="muted">Deleted</StatusPill>
  if (user.bannedAt) {
    return (
      <div className="max-w-56">
        <StatusPill tone="bad">Banned</StatusPill>
        {user.banReason && (
          <p className="mt-1 truncate text-xs text-muted-foreground" title={user.banReason}>
            {user.banReason}
          </p>
        )}
      </div>
    )
  }
  return user.isAdmin ? <StatusPill tone="muted">Admin</StatusPill> : <StatusPill tone="good">Active</StatusPill>
}

/** Accounts, newest first, with what an admin may do to each. */
export function ModerationUsersTable({ users, onAction }: ModerationUsersTableProps) {
  return (
    <AdminTable columns={COLUMNS} className="min-w-[48rem]">
      {users.map((user) => (
        <tr key={user.id} data-testid="moderation-user-row">
          <td className="px-4 py-3">
            <span className="font-semibold">{user.username}</span>
            <span className="block text-xs text-muted-foreground">
              #{user.id} · {user.email}
            </span>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
            <time dateTime={user.createdAt}>{WHEN.format(new Date(user.createdAt))}</time>
          </td>
          <td className="px-4 py-3">
            <UserStatus user={user} />
          </td>
          <td className="px-4 py-3">
            <FlagsCell flags={user.flags} lastFlag={user.lastFlag} />
          </td>
          <td className="px-4 py-3">
            <ActionButtons
              actions={userActions(user)}
              copyOf={(action) => USER_ACTIONS[action](user.username)}
              target={user.username}
              onAction={(action) => onAction(user, action)}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
