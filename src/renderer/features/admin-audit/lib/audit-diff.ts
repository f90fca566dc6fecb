import { centsToDecimalString } from '@shared/money'

/** One changed value of an audit entry: where it sits ("countdownDays.tiktok", "steps.2.title") and both sides. */
export interface AuditChange {
  path: string
  before: unknown
  after: unknown
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isNested = (value: unknown): value is Record<string, unknown> | unknown[] => Array.isArray(value) || isPlainObject(value)

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

function walk(path: string, before: unknown, after: unknown, out: AuditChange[]): void {
  // a value that turned from a list into text (or back) is shown whole rather than taken apart
  const sameShape = isEmpty(before) || isEmpty(after) || isNested(before) === isNested(after)
  if (sameShape && (isNested(before) || isNested(after))) {
    const left = isNested(before) ? (before as Record<string, unknown>) : {}
    const right = isNested(after) ? (after as Record<string, unknown>) : {}
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) walk(path ? `${path}.${key}` : key, left[key], right[key], out)
    return
  }
  // nothing before and nothing after ('' and a missing value alike) is no change
  if (isEmpty(before) && isEmpty(after)) return
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path, before, after })
}

/**
 * What an entry changed, one line per value that differs: nested settings (countdown days per platform) and
 * lists (checklist steps) are opened down to the values that moved, so an entry never shows a wall of JSON.
 * Entries that record only one side (a creation, a deletion) list every value of that side.
 */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const out: AuditChange[] = []
  walk('', before ?? {}, after ?? {}, out)
  return out
}

/** A value as the table shows it: money in dollars and fees in per cent where the field's name says so. */
export function formatAuditValue(path: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    if (/cents$/i.test(path)) return `$${centsToDecimalString(value)}`
    if (/bps$/i.test(path)) return `${(value / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  return typeof value === 'string' ? value : JSON.stringify(value)
}
