import { useId, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { STATS_DAYS } from '@shared/api/admin-dashboard'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { AdminShell } from '@/components/admin/admin-shell'
import { useAdminStats } from '../api/get-admin-stats'
import { StatCards, StatCardsSkeleton } from './stat-cards'
import { StatsCharts } from './stats-charts'

/** `?days=` as the range picker offers it; anything else (an old or hand-made link) is the default. */
export function rangeOf(params: URLSearchParams): number {
  const days = Number(params.get('days'))
  return (STATS_DAYS.options as readonly number[]).includes(days) ? days : STATS_DAYS.default
}

function RangePicker({ days, onChange }: { days: number; onChange(days: number): void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Charts over
      </label>
      <NativeSelect id={id} value={days} onChange={(event) => onChange(Number(event.target.value))} className="w-40">
        {STATS_DAYS.options.map((option) => (
          <option key={option} value={option}>
            Last {option} days
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}

function Overview({ days }: { days: number }) {
  const stats = useAdminStats(days)
  if (stats.isPending) {
    return (
      <div className="grid gap-4">
        <StatCardsSkeleton />
        <Skeleton className="h-80 rounded-2xl" aria-hidden="true" />
      </div>
    )
  }
  if (!stats.data) {
    return (
      <p role="alert" className="text-destructive">
        {describeError(stats.error, 'The figures could not be loaded.')}
      </p>
    )
  }
  return (
    <div className="grid gap-4">
      {stats.error ? (
        <p role="status" className="text-sm text-warning">
          The figures could not be refreshed; these are from {new Date(stats.data.generatedAt).toLocaleTimeString('en-US')}.
        </p>
      ) : null}
      <StatCards figures={stats.data.figures} days={stats.data.days} />
      <StatsCharts series={stats.data.series} />
    </div>
  )
}

/**
 * /admin-dashboard: the platform's figures and their course, then the work that waits for an admin: disputes,
 * withdrawals and new listings. The range of the charts lives in the URL (`?days=`). The queues belong to the
 * features that own their work (moderation, payments), so app/ hands them in as `queues`.
 */
export function AdminDashboardScreen({ queues }: { queues: ReactNode }) {
  const [params, setParams] = useSearchParams()
  const days = rangeOf(params)

  function changeRange(next: number) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === STATS_DAYS.default) updated.delete('days')
        else updated.set('days', String(next))
        return updated
      },
      { replace: true },
    )
  }

  return (
    <AdminShell title="Admin Dashboard" actions={<RangePicker days={days} onChange={changeRange} />}>
      <div className="grid gap-10">
        <Overview days={days} />
        {queues}
      </div>
    </AdminShell>
  )
}
