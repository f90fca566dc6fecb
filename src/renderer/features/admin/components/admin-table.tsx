import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

export interface AdminColumn {
  label: string
  /** e.g. text-right for amounts and actions */
  className?: string
  /** a heading for screen readers only, over a column whose cells speak for themselves */
  srOnly?: boolean
}

interface AdminTableProps {
  columns: AdminColumn[]
  /** the min-w-[…] the columns need before the table scrolls sideways */
  className?: string
  /** names the table for screen readers */
  caption?: string
  /** the rows */
  children: ReactNode
}

/** The admin screens' tables: a scroller with a rounded border, the column headings, then the rows. */
export function AdminTable({ columns, className, caption, children }: AdminTableProps) {
  return (
    // relative: screen-reader-only text in the cells is positioned, and would otherwise widen the page past the scroller
    <div className="relative overflow-x-auto rounded-2xl border bg-card">
      <table className={cn('w-full text-left text-sm', className)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="border-b bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3', column.className)}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y align-top">{children}</tbody>
      </table>
    </div>
  )
}
