import { useState, type FormEvent } from 'react'
import { Search } from 'lucide-react'
import { MODERATION_RULES, type ListingStatusFilter, type UserStatusFilter } from '@shared/api/moderation'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { statusFiltersOf, type ModerationSearch } from '../lib/moderation-url'

export const USER_STATUS_LABELS: Record<UserStatusFilter, string> = { all: 'All users', active: 'Active', banned: 'Banned', deleted: 'Deleted' }
export const LISTING_STATUS_LABELS: Record<ListingStatusFilter, string> = {
  all: 'All statuses',
  pending_review: 'Pending review',
  active: 'Active',
  reserved: 'Reserved',
  suspended: 'Suspended',
  sold: 'Sold',
  removed: 'Removed',
}

interface ModerationFilterBarProps {
  search: ModerationSearch
  onChange(changes: Partial<ModerationSearch>): void
}

/**
 * Status and "flagged only" apply as soon as they are picked; the search applies on Enter or Search, so the list
 * does not reload on every keystroke. The screen keys the bar by the URL's search, so Back starts the box again.
 */
export function ModerationFilterBar({ search, onChange }: ModerationFilterBarProps) {
  const [q, setQ] = useState(search.q)
  const users = search.tab === 'users'
  const labels: Record<string, string> = users ? USER_STATUS_LABELS : LISTING_STATUS_LABELS
  const filtered = search.q !== '' || search.status !== 'all' || search.flagged

  function submit(event: FormEvent) {
    event.preventDefault()
    onChange({ q: q.trim() })
  }

  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label={users ? 'Search users' : 'Search listings'}
      className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-[1fr_12rem] lg:grid-cols-[1fr_12rem_auto_auto]"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="moderation-q">{users ? 'Username, email or id' : 'Handle, name, niche, seller or id'}</Label>
        <div className="flex gap-2">
          <Input id="moderation-q" type="search" value={q} maxLength={MODERATION_RULES.searchMax} onChange={(e) => setQ(e.target.value)} />
          <Button type="submit" variant="primary" className="h-11">
            <Search aria-hidden="true" /> Search
          </Button>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="moderation-status">Status</Label>
        <NativeSelect
          id="moderation-status"
          value={search.status}
          onChange={(e) => onChange({ status: e.target.value as ModerationSearch['status'] })}
        >
          {statusFiltersOf(search.tab).map((status) => (
            <option key={status} value={status}>
              {labels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-end">
        <label className="flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-input px-3 text-sm font-medium whitespace-nowrap select-none has-[:checked]:border-amber-300 dark:has-[:checked]:border-amber-700 has-[:checked]:bg-amber-50 dark:has-[:checked]:bg-amber-950/40">
          <input
            type="checkbox"
            className="size-4 accent-amber-600"
            checked={search.flagged}
            onChange={(e) => onChange({ flagged: e.target.checked })}
          />
          Flagged only
        </label>
      </div>
      {filtered && (
        <div className="flex items-end">
          <Button variant="ghost" className="h-11" onClick={() => onChange({ q: '', status: 'all', flagged: false })}>
            Clear
          </Button>
        </div>
      )}
    </form>
  )
}
