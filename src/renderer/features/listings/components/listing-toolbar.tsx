import { SlidersHorizontal } from 'lucide-react'
import { LIVE_PLATFORMS, SORT_OPTIONS } from '@shared/constants'
import { isLivePlatform } from '@/config/platforms'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { platformLabel, SORT_LABELS } from '../lib/labels'
import { hasAdvancedFilters, type ListingFilters } from '../lib/url-state'
import type { SortOption } from '../types'
import { SearchBox } from './search-box'

interface ListingToolbarProps {
  filters: ListingFilters
  advancedOpen: boolean
  onToggleAdvanced: () => void
  onChange: (patch: Partial<ListingFilters>, options?: { replace?: boolean }) => void
}

const isSort = (value: string): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value)

export function ListingToolbar({ filters, advancedOpen, onToggleAdvanced, onChange }: ListingToolbarProps) {
  const active = hasAdvancedFilters(filters)
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      {/* Typing replaces the history entry: Back should undo a search, not each keystroke. */}
      <SearchBox value={filters.q} onCommit={(q) => onChange({ q }, { replace: true })} />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center">
        <NativeSelect
          aria-label="Platform"
          className="sm:w-44"
          value={filters.platform ?? ''}
          onChange={(event) => onChange({ platform: isLivePlatform(event.target.value) ? event.target.value : null })}
        >
          <option value="">All platforms</option>
          {LIVE_PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {platformLabel(platform)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Sort by"
          className="sm:w-48"
          value={filters.sort}
          onChange={(event) => isSort(event.target.value) && onChange({ sort: event.target.value })}
        >
          {SORT_OPTIONS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" className="col-span-2 h-11" aria-expanded={advancedOpen} onClick={onToggleAdvanced}>
          <SlidersHorizontal aria-hidden="true" /> Advanced Filters
          {active && <Badge className="ml-1">Active</Badge>}
        </Button>
      </div>
    </div>
  )
}
