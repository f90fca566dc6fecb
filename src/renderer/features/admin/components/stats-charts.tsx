import type { ReactNode } from 'react'
import { Area, Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { StatsPoint } from '@shared/api/admin-dashboard'
import { Card } from '@/components/ui/card'
import { compactDollars, dollars, plural, shortDay } from '@/lib/admin/figures'

// theme-aware: globals.css gives the series lighter shades in the dark theme
const COLORS = {
  users: 'var(--chart-users)',
  deals: 'var(--color-mint-500)',
  sales: 'var(--chart-sales)',
  fees: 'var(--color-info)',
  grid: 'var(--color-border)',
  axis: 'var(--color-muted-foreground)',
}

/** drawn at this size until the container is measured (and where nothing measures it, as in tests) */
const FIRST_SIZE = { width: 560, height: 256 }

const axisProps = { stroke: COLORS.axis, fontSize: 12, tickLine: false, axisLine: false } as const
// the same days labelled under both charts, always the range's first and last: left to itself, recharts picks
// the labels from each chart's own width, and the two charts ended on different days
const dayAxisProps = { dataKey: 'date', tickFormatter: shortDay, minTickGap: 16, interval: 'preserveStartEnd', ...axisProps } as const
// recharts draws its tooltip white by default; this one follows the theme's card
const tooltipProps = {
  contentStyle: { backgroundColor: 'var(--color-card)', borderColor: 'var(--color-border)', borderRadius: 12, color: 'var(--color-card-foreground)' },
  labelStyle: { color: 'var(--color-card-foreground)', fontWeight: 600 },
} as const

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <figure>
        <figcaption>
          <h2 className="text-base font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">{summary}</p>
        </figcaption>
        <div className="mt-4 h-64">{children}</div>
      </figure>
    </Card>
  )
}

type Measure = keyof Omit<StatsPoint, 'date'>
const sum = (series: readonly StatsPoint[], key: Measure) => series.reduce((total, point) => total + point[key], 0)
/** summed in cents: dollars with two decimals do not add exactly as floats */
const sumDollars = (series: readonly StatsPoint[], key: Measure) => series.reduce((total, point) => total + Math.round(point[key] * 100), 0) / 100

/**
 * The series as two charts: people and purchases per day, and money per day. Each caption states the range's
 * totals in words, which is what a screen reader gets from the chart.
 */
export function StatsCharts({ series }: { series: readonly StatsPoint[] }) {
  const days = plural(series.length, 'day')
  const sales = sumDollars(series, 'salesVolume')
  const fees = sumDollars(series, 'fees')
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Sign-ups and purchases"
        summary={`${plural(sum(series, 'newUsers'), 'sign-up')} and ${plural(sum(series, 'dealsStarted'), 'purchase')} started in ${days}`}
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={FIRST_SIZE}>
          <BarChart data={series} margin={{ top: 4, right: 20, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke={COLORS.grid} />
            <XAxis {...dayAxisProps} />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip labelFormatter={(label) => shortDay(String(label))} cursor={{ fill: 'var(--color-muted)' }} {...tooltipProps} />
            <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="newUsers" name="Sign-ups" fill={COLORS.users} radius={[3, 3, 0, 0]} maxBarSize={18} />
            <Bar dataKey="dealsStarted" name="Purchases started" fill={COLORS.deals} radius={[3, 3, 0, 0]} maxBarSize={18} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Sales and fees" summary={`${dollars(sales)} in completed sales and ${dollars(fees)} in escrow fees in ${days}`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={FIRST_SIZE}>
          <ComposedChart data={series} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke={COLORS.grid} />
            <XAxis {...dayAxisProps} />
            <YAxis tickFormatter={compactDollars} width={56} {...axisProps} />
            <Tooltip labelFormatter={(label) => shortDay(String(label))} formatter={(value) => dollars(Number(value))} {...tooltipProps} />
            <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
            <Area type="monotone" dataKey="salesVolume" name="Sales" stroke={COLORS.sales} fill={COLORS.sales} fillOpacity={0.15} strokeWidth={2} />
            <Line type="monotone" dataKey="fees" name="Escrow fees" stroke={COLORS.fees} strokeWidth={2} dot={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  )
}
