import { formatDate } from '@shared/format'

/** "November 20, 2026": a date a reader takes in at a glance, in UTC, the same for every reader (formatDate). */
export function formatLongDate(iso: string): string {
  return formatDate(iso, 'long')
}

/** "Mar 3, 2026, 2:05 PM" in the viewer's zone: when a step of a deal or a line of the ledger happened. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** "Nov 20, 2026, 14:05": for lists where the hour matters (messages, edits). */
export function formatShortDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })
}
