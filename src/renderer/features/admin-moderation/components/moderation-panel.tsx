import { useCallback, useState, type ReactNode } from 'react'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import type { Page } from '@/lib/admin/total-count'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { actionBody, REASON_RULES, type ActionBody, type ActionCopy } from '../lib/moderation-actions'
import type { ModerationSearch } from '../lib/moderation-url'
import { ModerationResults } from './moderation-results'

/** What each tab gets from the screen: the URL's search and the way to change it. */
export interface ModerationTabProps {
  search: ModerationSearch
  onSearch(changes: Partial<ModerationSearch>, replace?: boolean): void
}

interface ModerationRequest<Action> {
  id: number
  action: Action
  body: ActionBody
}

interface ModerationPanelProps<Row extends { id: number }, Action extends string> extends ModerationTabProps {
  list: UseQueryResult<Page<Row>>
  moderate: UseMutationResult<unknown, Error, ModerationRequest<Action>>
  /** users or listings, for the texts */
  noun: string
  copyOf(row: Row, action: Action): ActionCopy
  /** the toast's second line, for rows whose toast title does not name them */
  toastDescription?(row: Row): string
  children(rows: Row[], onAction: (row: Row, action: Action) => void): ReactNode
}

/** A moderation tab: the list for the URL's search, and each row action asked first in a dialog with its reason. */
export function ModerationPanel<Row extends { id: number }, Action extends string>({
  search,
  onSearch,
  list,
  moderate,
  noun,
  copyOf,
  toastDescription,
  children,
}: ModerationPanelProps<Row, Action>) {
  const [pending, setPending] = useState<{ row: Row; action: Action } | null>(null)
  const copy = pending ? copyOf(pending.row, pending.action) : null
  const onPage = useCallback((page: number, replace?: boolean) => onSearch({ page }, replace), [onSearch])

  function open(row: Row, action: Action) {
    moderate.reset()
    setPending({ row, action })
  }

  function confirm(text: string | undefined) {
    if (!pending || !copy) return
    moderate.mutate(
      { id: pending.row.id, action: pending.action, body: actionBody(copy.reason, text) },
      {
        onSuccess: () => {
          setPending(null)
          toast({ variant: 'success', title: copy.done, description: toastDescription?.(pending.row) })
        },
      },
    )
  }

  return (
    <>
      <ModerationResults
        list={list}
        page={search.page}
        noun={noun}
        filtered={search.q !== '' || search.status !== 'all' || search.flagged}
        onPage={onPage}
        onClear={() => onSearch({ q: '', status: 'all', flagged: false })}
      >
        {(rows) => children(rows, open)}
      </ModerationResults>
      {pending && copy && (
        <DecisionDialog
          key={`${pending.row.id}:${pending.action}`}
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
