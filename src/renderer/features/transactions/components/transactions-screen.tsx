import { Link, useSearchParams } from 'react-router-dom'
import { ArrowLeftRight, SearchX } from 'lucide-react'
import { TRANSACTION_PAGE } from '@shared/api/transactions'
import { useLastPageRedirect } from '@/hooks/use-last-page-redirect'
import { paths } from '@/config/paths'
import { Pager, showingText } from '@/components/pager'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { useTransactions } from '../api/get-transactions'
import { statusFilterLabel } from '../lib/labels'
import {
  parseTransactionSearch,
  STATUS_FILTERS,
  writeTransactionSearch,
  type RoleFilter,
  type StatusFilter,
  type TransactionFilters,
} from '../lib/url-state'
import { TransactionList } from './transaction-list'

function LoadingList() {
  return (
    <div className="grid gap-px overflow-hidden rounded-2xl border bg-border" aria-label="Loading transactions">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4 bg-card px-5 py-4">
          <Skeleton className="h-4 w-16" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-6 w-24 rounded-full" />
        </div>
      ))}
    </div>
  )
}

function Filters({ filters, onChange }: { filters: TransactionFilters; onChange: (next: TransactionFilters) => void }) {
  return (
    <div className="mt-6 grid gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label="Filter transactions">
      <div className="grid gap-1.5">
        <label htmlFor="transaction-status" className="text-sm font-medium">
          Status
        </label>
        <NativeSelect
          id="transaction-status"
          className="w-full sm:w-60"
          value={filters.status ?? ''}
          onChange={(event) => onChange({ ...filters, status: (event.target.value || null) as StatusFilter | null, page: 1 })}
        >
          <option value="">All statuses</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {statusFilterLabel(status)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="transaction-role" className="text-sm font-medium">
          Role
        </label>
        <NativeSelect
          id="transaction-role"
          className="w-full sm:w-52"
          value={filters.role ?? ''}
          onChange={(event) => onChange({ ...filters, role: (event.target.value || null) as RoleFilter | null, page: 1 })}
        >
          <option value="">Buying and selling</option>
          <option value="buyer">Buying</option>
          <option value="seller">Selling</option>
        </NativeSelect>
      </div>
    </div>
  )
}

/** /transactions: the viewer's deals, filtered by status and role, 20 a page, all of it in the URL. */
export function TransactionsScreen() {
  const { isSignedIn, isLoading } = useCurrentUser()
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = parseTransactionSearch(searchParams)
  const list = useTransactions(filters, isSignedIn)
  useSeo({ title: 'Transactions | Handover', description: 'Your purchases and sales on Handover.', noIndex: true })

  const setFilters = (next: TransactionFilters) => setSearchParams(writeTransactionSearch(next))
  const { total, pages, settling } = useLastPageRedirect(list, filters.page, TRANSACTION_PAGE.defaultSize, (last) =>
    setSearchParams(writeTransactionSearch({ ...filters, page: last }), { replace: true }),
  )

  if (!isLoading && !isSignedIn) return <SignInRedirect reason="transactions" />
  const filtered = filters.status !== null || filters.role !== null

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Transactions</h1>
        <p className="mt-2 text-muted-foreground">Your purchases and sales. Money stays in escrow until the buyer has the account.</p>
      </header>
      <Filters filters={filters} onChange={setFilters} />
      <div className="mt-6" aria-busy={list.isFetching}>
        {isLoading || list.isPending || settling ? (
          <LoadingList />
        ) : list.isError ? (
          <LoadFailedNotice title="Could not load your transactions" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          filtered ? (
            <StateNotice
              icon={<SearchX className="size-7" aria-hidden="true" />}
              title="No transactions match these filters"
              text="Try another status or role."
            >
              <Button variant="outline" onClick={() => setFilters({ status: null, role: null, page: 1 })}>
                Clear filters
              </Button>
            </StateNotice>
          ) : (
            <StateNotice
              icon={<ArrowLeftRight className="size-7" aria-hidden="true" />}
              title="No transactions yet"
              text="When you buy or sell an account, the deal shows up here with every step until the handover is done."
            >
              <Button asChild variant="default">
                <Link to={paths.browse}>Browse accounts</Link>
              </Button>
            </StateNotice>
          )
        ) : (
          <TransactionList items={list.data.items} />
        )}
      </div>
      {list.data && list.data.items.length > 0 && (
        <footer className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {showingText(filters.page, TRANSACTION_PAGE.defaultSize, total)}
          </p>
          <Pager page={filters.page} pages={pages} onPage={(page) => setFilters({ ...filters, page })} />
        </footer>
      )}
    </div>
  )
}
