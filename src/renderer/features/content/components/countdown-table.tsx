import type { TradingTerms } from '@shared/api/settings'
import { Skeleton } from '@/components/ui/skeleton'
import { countdownRows } from '../lib/terms-text'

/** Each platform's waiting period as an admin set it; a placeholder until the settings arrive. */
export function CountdownTable({ terms, loading }: { terms: TradingTerms | undefined; loading: boolean }) {
  const rows = countdownRows(terms)
  if (loading) return <Skeleton className="h-56 w-full max-w-md rounded-2xl" />
  if (rows.length === 0)
    return <p className="text-muted-foreground">Each platform has its own waiting period; the deal page shows yours once the countdown starts.</p>
  return (
    <div className="max-w-md overflow-hidden rounded-2xl border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Waiting period before the money is released, per platform</caption>
        <thead className="border-b bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Platform
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Countdown
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.platform}>
              <th scope="row" className="px-4 py-3 font-medium">
                {row.platform}
              </th>
              <td className="px-4 py-3 text-right tabular-nums">
                {row.days} day{row.days === 1 ? '' : 's'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
