import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { stripNumeric, type ListingFilters, type RangeField } from '../lib/url-state'

type Draft = Pick<ListingFilters, 'niche' | RangeField | 'verified' | 'monetized'>

interface AdvancedFiltersProps {
  filters: ListingFilters
  onApply: (draft: Draft) => void
  onClearAll: () => void
}

const RANGES: { label: string; min: RangeField; max: RangeField; unit?: string }[] = [
  { label: 'Price', min: 'minPrice', max: 'maxPrice', unit: '$' },
  { label: 'Followers', min: 'minFollowers', max: 'maxFollowers' },
  { label: 'Monthly income', min: 'minIncome', max: 'maxIncome', unit: '$' },
]

function draftOf(filters: ListingFilters): Draft {
  const { niche, minPrice, maxPrice, minFollowers, maxFollowers, minIncome, maxIncome, verified, monetized } = filters
  return { niche, minPrice, maxPrice, minFollowers, maxFollowers, minIncome, maxIncome, verified, monetized }
}

/**
 * What the panel's draft starts from. Keyed on this, the panel starts over when the applied advanced
 * filters change (Back, Clear All), and keeps what is being typed when only the platform, sort, search
 * or page move: the router commits those in a transition that may land after the panel has opened.
 */
export function draftKey(filters: ListingFilters): string {
  return JSON.stringify(draftOf(filters))
}

/**
 * The advanced panel edits a draft, so typing a price does not refetch on every key; "Apply
 * Filters & Close" commits it to the URL. The parent remounts it when the URL changes underneath.
 */
export function AdvancedFilters({ filters, onApply, onClearAll }: AdvancedFiltersProps) {
  const [draft, setDraft] = useState(() => draftOf(filters))
  const id = useId()
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }))

  return (
    <form
      aria-label="Advanced filters"
      className="mt-4 rounded-2xl border bg-background p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault()
        onApply(draft)
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-niche`}>Niche</Label>
          <Input id={`${id}-niche`} value={draft.niche} placeholder="e.g. Gaming, Fitness" onChange={(event) => set('niche', event.target.value)} />
        </div>
        {RANGES.map((range) => (
          <fieldset key={range.label} className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">
              {range.label}
              {range.unit ? ` (${range.unit})` : ''}
            </legend>
            <div className="flex items-center gap-2">
              <Input
                inputMode="decimal"
                aria-label={`${range.label} minimum`}
                placeholder="Min"
                value={draft[range.min]}
                onChange={(event) => set(range.min, stripNumeric(event.target.value))}
              />
              <span aria-hidden="true" className="text-navy-400">
                –
              </span>
              <Input
                inputMode="decimal"
                aria-label={`${range.label} maximum`}
                placeholder="Max"
                value={draft[range.max]}
                onChange={(event) => set(range.max, stripNumeric(event.target.value))}
              />
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-mint-600"
            checked={draft.verified}
            onChange={(event) => set('verified', event.target.checked)}
          />
          Verified only
        </label>
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-mint-600"
            checked={draft.monetized}
            onChange={(event) => set('monetized', event.target.checked)}
          />
          Monetized only
        </label>
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClearAll}>
          Clear All
        </Button>
        <Button type="submit" variant="primary">
          Apply Filters &amp; Close
        </Button>
      </div>
    </form>
  )
}
