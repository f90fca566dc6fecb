import type { AppContext } from './context'

export type CsvValue = string | number | null | undefined

/** Cells a spreadsheet would run as a formula begin with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One RFC 4180 cell: quoted when it holds a comma, a quote or a line break, quotes doubled. Text that a
 * spreadsheet would take for a formula gets a leading apostrophe; numbers are written as they are.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A header line and the rows, CRLF-separated as RFC 4180 has it, ending with a line break. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** Answers a download: `text/csv`, saved under `filename` rather than shown, never cached. */
export function sendCsv(ctx: AppContext, filename: string, csv: string): void {
  ctx.type = 'text/csv; charset=utf-8'
  ctx.set('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
  ctx.set('Cache-Control', 'no-store')
  ctx.body = csv
}
