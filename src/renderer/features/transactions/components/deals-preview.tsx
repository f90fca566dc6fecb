import { Link } from 'react-router-dom'
import { ArrowRight } from 'lucide-react'
import { paths } from '@/config/paths'
import { InlineLoadError } from '@/components/inline-load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useTransactions } from '../api/get-transactions'
import { writeTransactionSearch, type RoleFilter } from '../lib/url-state'
import { TransactionList } from './transaction-list'

interface DealsPreviewProps {
  role: RoleFilter
  /** how many of the newest deals to show */
  limit: number
  /** what is said while there are none */
  emptyText: string
}

/** The viewer's newest deals on one side (sales or purchases), each a link to its page, and the way to all of them. */
export function DealsPreview({ role, limit, emptyText }: DealsPreviewProps) {
  const list = useTransactions({ status: null, role, page: 1 }, true, limit)
  const allPath = `${paths.transactions}?${writeTransactionSearch({ status: null, role, page: 1 }).toString()}`
  if (list.isPending) {
    return (
      <div className="grid gap-px overflow-hidden rounded-2xl border bg-border" aria-label="Loading transactions">
        {[0, 1].map((i) => (
          <div key={i} className="flex items-center gap-4 bg-card px-5 py-4">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-6 w-24 rounded-full" />
          </div>
        ))}
      </div>
    )
  }
  if (list.isError) {
    return <InlineLoadError what="your transactions" onRetry={() => void list.refetch()} />
  }
  if (list.data.items.length === 0) return <p className="rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">{emptyText}</p>
  return (
    <div className="grid gap-3">
      <TransactionList items={list.data.items} label={role === 'seller' ? 'Your sales' : 'Your purchases'} />
      {list.data.total > list.data.items.length && (
        <Button asChild variant="ghost" size="sm" className="justify-self-start">
          <Link to={allPath}>
            See all {list.data.total.toLocaleString('en-US')} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </div>
  )
}
