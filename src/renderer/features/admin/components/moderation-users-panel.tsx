import { useCallback, useState } from 'react'
import type { AdminUserDto } from '@shared/api/moderation'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useModerationUsers } from '../api/get-moderation-users'
import { useModerateUser } from '../api/moderate-user'
import { actionBody, REASON_RULES, USER_ACTIONS, type UserAction } from '../lib/moderation-actions'
import type { ModerationSearch } from '../lib/moderation-url'
import { DecisionDialog } from './decision-dialog'
import { ModerationResults } from './moderation-results'
import { ModerationUsersTable } from './moderation-users-table'

export interface ModerationPanelProps {
  search: ModerationSearch
  onSearch(changes: Partial<ModerationSearch>, replace?: boolean): void
}

/** The Users tab: the list for the URL's search, and each row action asked first in a dialog with its reason. */
export function ModerationUsersPanel({ search, onSearch }: ModerationPanelProps) {
  const list = useModerationUsers(search)
  const moderate = useModerateUser()
  const [pending, setPending] = useState<{ user: AdminUserDto; action: UserAction } | null>(null)
  const copy = pending ? USER_ACTIONS[pending.action](pending.user.username) : null
  const onPage = useCallback((page: number, replace?: boolean) => onSearch({ page }, replace), [onSearch])

  function open(user: AdminUserDto, action: UserAction) {
    moderate.reset()
    setPending({ user, action })
  }

  function confirm(text: string | undefined) {
    if (!pending || !copy) return
    moderate.mutate(
      { id: pending.user.id, action: pending.action, body: actionBody(copy.reason, text) },
      {
        onSuccess: () => {
          setPending(null)
          toast({ variant: 'success', title: copy.done })
        },
      },
    )
  }

  return (
    <>
      <ModerationResults
        list={list}
        page={search.page}
        noun="users"
        filtered={search.q !== '' || search.status !== 'all' || search.flagged}
        onPage={onPage}
        onClear={() => onSearch({ q: '', status: 'all', flagged: false })}
      >
        {(users) => <ModerationUsersTable users={users} onAction={open} />}
      </ModerationResults>
      {pending && copy && (
        <DecisionDialog
          key={`${pending.user.id}:${pending.action}`}
          open
          onOpenChange={(next) => !next && setPending(null)}
          title={copy.title}
          description={copy.description}
          confirmLabel={copy.confirm}
          destructive={copy.destructive}
          note={{ label: copy.field, schema: REASON_RULES[copy.reason] }}
          busy={moderate.isPending}
          error={moderate.error ? describeError(moderate.error, 'The action failed. Please try again.') : null}
          onConfirm={confirm}
        />
      )}
    </>
  )
}
