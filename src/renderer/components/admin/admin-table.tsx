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
  /**
   * Below lg (phones, tablets) each row is a card instead of a line: the headings go (kept for screen readers) and
   * each cell shows its own label from `data-label` (`stackedCell`), so nothing hides past the right edge.
   */
  stacked?: boolean
  /** the rows */
  children: ReactNode
}

/** The admin screens' tables: a scroller with a rounded border, the column headings, then the rows. */
export function AdminTable({ columns, className, caption, stacked, children }: AdminTableProps) {
  return (
    // relative: screen-reader-only text in the cells is positioned, and would otherwise widen the page past the scroller
    <div className="relative overflow-x-auto rounded-2xl border bg-card">
      <table className={cn('w-full text-left text-sm', stacked && 'max-lg:block', className)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead
          className={cn('border-b bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase', stacked && 'max-lg:sr-only')}
        >
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3', stacked && 'px-3 max-xl:px-2.5', column.className)}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y align-top', stacked && 'max-lg:block')}>{children}</tbody>
      </table>
    </div>
  )
}

/**
 * A cell of a `stacked` table: a line's cell from lg up, below it a block of its card under its own small label (the
 * column's heading, from `data-label`; generated content, so it is not text a second time in the DOM).
 */
export const stackedCell =
  'px-3 py-3 max-xl:px-2.5 max-lg:block max-lg:p-0 max-lg:before:mb-0.5 max-lg:before:block max-lg:before:text-xs max-lg:before:font-semibold max-lg:before:tracking-wide max-lg:before:text-muted-foreground max-lg:before:uppercase max-lg:before:content-[attr(data-label)]'

/** A row of a `stacked` table: below lg a card of two columns. */
export const stackedRow = 'max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-4 max-lg:gap-y-3 max-lg:p-4'
