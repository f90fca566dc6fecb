import type { ReactNode } from 'react'
import { ArrowRight } from 'lucide-react'
import type { AuditEntryView } from '@shared/api/audit'
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table'
import { auditChanges, formatAuditValue } from '../lib/audit-diff'
import type { AuditFilterKey } from '../lib/audit-filters'

interface AuditTableProps {
  entries: AuditEntryView[]
  /** narrows the log to an admin or a target when its name in a row is clicked */
  onFilter: (changes: Partial<Record<AuditFilterKey, string>>) => void
}

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
})

const COLUMNS: AdminColumn[] = [
  { label: 'When' },
  { label: 'Admin' },
  { label: 'Action' },
  { label: 'Target' },
  { label: 'Change' },
  { label: 'Reason' },
]

/** The log, newest first: who did what to which object, what changed, and why. */
export function AuditTable({ entries, onFilter }: AuditTableProps) {
  return (
    <AdminTable columns={COLUMNS} className="min-w-[56rem]">
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
            <time dateTime={entry.createdAt}>{WHEN.format(new Date(entry.createdAt))}</time>
          </td>
          <td className="px-4 py-3">
            <FilterLink label={`Show only entries by ${entry.admin.username}`} onClick={() => onFilter({ adminId: String(entry.admin.id) })}>
              {entry.admin.username}
            </FilterLink>
            <span className="block text-xs text-muted-foreground">#{entry.admin.id}</span>
          </td>
          <td className="px-4 py-3">
            <code className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap">{entry.action}</code>
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            <FilterLink
              label={`Show only entries about ${entry.targetType} ${entry.targetId}`}
              onClick={() => onFilter({ targetType: entry.targetType, targetId: entry.targetId })}
            >
              {entry.targetType} {entry.targetId}
            </FilterLink>
          </td>
          <td className="px-4 py-3">
            <ChangeList before={entry.before} after={entry.after} />
          </td>
          <td className="max-w-64 px-4 py-3 break-words text-muted-foreground">{entry.reason ?? '—'}</td>
        </tr>
      ))}
    </AdminTable>
  )
}

function FilterLink({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      onClick={onClick}
      className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline focus-visible:underline"
    >
      {children}
    </button>
  )
}

/** One line per changed value: "escrowFeeBps 5 % → 7.5 %". Long text is clipped; its whole value is in the tooltip. */
function ChangeList({ before, after }: { before: AuditEntryView['before']; after: AuditEntryView['after'] }) {
  const changes = auditChanges(before, after)
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <ul className="grid gap-1.5">
      {changes.map((change) => {
        const from = formatAuditValue(change.path, change.before)
        const to = formatAuditValue(change.path, change.after)
        return (
          <li key={change.path} className="grid gap-0.5">
            <span className="font-mono text-xs text-muted-foreground">{change.path}</span>
            <span className="flex max-w-md flex-wrap items-center gap-1.5">
              <span title={from} className="line-clamp-2 rounded bg-red-50 dark:bg-red-950/40 px-1.5 text-red-900 dark:text-red-200">
                {from}
              </span>
              <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-label="changed to" />
              <span title={to} className="line-clamp-2 rounded bg-emerald-50 dark:bg-emerald-950/40 px-1.5 text-emerald-900 dark:text-emerald-200">
                {to}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
