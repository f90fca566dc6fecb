import { PAYMENT_ORDER_KINDS } from '@shared/api/admin-payments'
import { PAYMENT_ORDER_STATUSES, PAYMENT_PROVIDERS } from '@shared/api/payments'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { AGE_CHOICES, ageLabel, hasMonitorFilters, type MonitorFilterKey, type MonitorFilters } from '../lib/payment-monitor-filters'
import { ORDER_STATUS_LABELS } from './payment-orders-table'

interface MonitorFilterBarProps {
  filters: MonitorFilters
  onChange: (key: MonitorFilterKey, value: string) => void
  onClear: () => void
}

const PROVIDER_LABELS: Record<(typeof PAYMENT_PROVIDERS)[number], string> = { sandbox: 'Sandbox', trustap: 'Trustap' }
const KIND_LABELS: Record<(typeof PAYMENT_ORDER_KINDS)[number], string> = { deposit: 'Deposits', purchase: 'Purchases' }

/** Every filter applies as soon as it is picked. Age and "stuck only" narrow both tables; the rest, the orders. */
export function MonitorFilterBar({ filters, onChange, onClear }: MonitorFilterBarProps) {
  const ages =
    filters.olderThan !== undefined && !AGE_CHOICES.some((c) => c.minutes === filters.olderThan)
      ? [...AGE_CHOICES, { minutes: filters.olderThan, label: ageLabel(filters.olderThan) }]
      : AGE_CHOICES
  return (
    <div
      role="group"
      aria-label="Filter payments"
      className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="monitor-status">Order status</Label>
        <NativeSelect id="monitor-status" value={filters.status ?? ''} onChange={(e) => onChange('status', e.target.value)}>
          <option value="">All statuses</option>
          {PAYMENT_ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="monitor-provider">Provider</Label>
        <NativeSelect id="monitor-provider" value={filters.provider ?? ''} onChange={(e) => onChange('provider', e.target.value)}>
          <option value="">All providers</option>
          {PAYMENT_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {PROVIDER_LABELS[provider]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="monitor-kind">Kind</Label>
        <NativeSelect id="monitor-kind" value={filters.kind ?? ''} onChange={(e) => onChange('kind', e.target.value)}>
          <option value="">Deposits and purchases</option>
          {PAYMENT_ORDER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="monitor-age">Age</Label>
        <NativeSelect id="monitor-age" value={filters.olderThan ?? ''} onChange={(e) => onChange('olderThan', e.target.value)}>
          <option value="">Any age</option>
          {ages.map((choice) => (
            <option key={choice.minutes} value={choice.minutes}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-input px-3 text-sm font-medium select-none has-[:checked]:border-amber-300 dark:has-[:checked]:border-amber-700 has-[:checked]:bg-amber-50 dark:has-[:checked]:bg-amber-950/40">
          <input
            type="checkbox"
            className="size-4 accent-amber-600"
            checked={filters.stuck}
            onChange={(e) => onChange('stuck', e.target.checked ? 'true' : '')}
          />
          Stuck only
        </label>
        {hasMonitorFilters(filters) && (
          <Button variant="ghost" className="h-11" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </div>
  )
}
