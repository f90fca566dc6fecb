import type { AdminUserDto } from '@shared/api/moderation'
import { USER_ACTIONS, userActions, type UserAction } from '../lib/moderation-actions'
import { ActionButtons, FlagsCell, HeaderCell, StatusPill, WHEN } from './moderation-cells'

interface ModerationUsersTableProps {
  users: AdminUserDto[]
  onAction(user: AdminUserDto, action: UserAction): void
}

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
    <div className="overflow-x-auto rounded-2xl border bg-card">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="border-b bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <HeaderCell>User</HeaderCell>
            <HeaderCell>Joined</HeaderCell>
            <HeaderCell>Status</HeaderCell>
            <HeaderCell>Violations</HeaderCell>
            <HeaderCell className="text-right">Actions</HeaderCell>
          </tr>
        </thead>
        <tbody className="divide-y align-top">
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
                <ActionButtons actions={userActions(user)} copyOf={(action) => USER_ACTIONS[action](user.username)} target={user.username} onAction={(action) => onAction(user, action)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
