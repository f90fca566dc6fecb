import { useModerationUsers } from '../api/get-moderation-users'
import { useModerateUser } from '../api/moderate-user'
import { USER_ACTIONS } from '../lib/moderation-actions'
import { ModerationPanel, type ModerationTabProps } from './moderation-panel'
import { ModerationUsersTable } from './moderation-users-table'

/** The Users tab: accounts for the URL's search, each action named with the username. */
export function ModerationUsersPanel({ search, onSearch }: ModerationTabProps) {
  const list = useModerationUsers(search)
  const moderate = useModerateUser()
  return (
    <ModerationPanel
      search={search}
      onSearch={onSearch}
      list={list}
      moderate={moderate}
      noun="users"
      copyOf={(user, action) => USER_ACTIONS[action](user.username)}
    >
      {(users, onAction) => <ModerationUsersTable users={users} onAction={onAction} />}
    </ModerationPanel>
  )
}
