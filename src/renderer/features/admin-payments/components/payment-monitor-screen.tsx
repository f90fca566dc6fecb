import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { UseQueryResult } from '@tanstack/react-query'
import { ArrowLeftRight, Download, Receipt } from 'lucide-react'
import { PAYMENT_MONITOR } from '@shared/api/admin-payments'
import { TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS } from '@shared/api/transactions'
import { Pager, showingText } from '@/components/pager'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import type { Page } from '@/lib/admin/total-count'
import { AdminShell } from '@/components/admin/admin-shell'
import { monitorDealsCsvHref, useMonitorDeals } from '../api/get-monitor-deals'
import { paymentOrdersCsvHref, usePaymentOrders } from '../api/get-payment-orders'
import { usePaymentSummary } from '../api/get-payment-summary'
import { monitorPollMs } from '../lib/payment-monitor-live'
import {
  dealQueryOf,
  hasDealFilters,
  hasOrderFilters,
  monitorSearchParams,
  orderQueryOf,
  readMonitorFilters,
  withMonitorFilter,
  type MonitorFilterKey,
} from '../lib/payment-monitor-filters'
import { EscrowDealsTable } from './escrow-deals-table'
import { MonitorFilterBar } from './payment-monitor-filter-bar'
import { PastEndNotice, isPastEnd, pageCount } from './past-end-notice'
import { PaymentOrdersTable } from './payment-orders-table'
import { StuckSummary } from './stuck-summary'

/**
 * /admin/payment-monitor: payment orders and escrow transactions, filtered and paged through the URL, stuck rows
 * flagged by the server, Reconcile per order and CSV exports. `live` says whether the live connection is up: then
 * order and deal events refresh the tables (app/providers/realtime-connection.ts); without it they poll faster.
 */
export function PaymentMonitorScreen({ live = false }: { live?: boolean }) {
  return (
    <AdminShell title="Payment Monitor" actions={<LiveBadge live={live} />}>
      <PaymentMonitor live={live} />
    </AdminShell>
  )
}

function PaymentMonitor({ live }: { live: boolean }) {
  const [params, setParams] = useSearchParams()
  const filters = readMonitorFilters(params)
  const orderQuery = orderQueryOf(filters)
  const dealQuery = dealQueryOf(filters)
  const orders = usePaymentOrders(orderQuery, live)
  const deals = useMonitorDeals(dealQuery, live)
  const summary = usePaymentSummary(live)
  const filter = (key: MonitorFilterKey, value: string) => setParams(withMonitorFilter(filters, key, value))

  return (
    <div className="grid grid-cols-1 gap-6">
      {summary.data && <StuckSummary summary={summary.data} showingStuck={filters.stuck} onShowStuck={() => filter('stuck', 'true')} />}
      <MonitorFilterBar filters={filters} onChange={filter} onClear={() => setParams(new URLSearchParams())} />
      <MonitorSection
        id="orders"
        title="Payment orders"
        noun={['order', 'orders']}
        list={orders}
        page={filters.page}
        onPage={(page) => setParams(monitorSearchParams({ ...filters, page }))}
        csvHref={paymentOrdersCsvHref(orderQuery)}
        empty={
          <StateNotice
            icon={<Receipt className="size-7" aria-hidden="true" />}
            title="No payment orders"
            // every order is listed from the moment its checkout opens: awaiting payment, failed and cancelled ones too
            text={
              hasOrderFilters(filters)
                ? 'No order matches these filters.'
                : 'Deposits and purchases show up here as soon as their checkout opens, paid or not.'
            }
          />
        }
      >
        {(page, now) => <PaymentOrdersTable orders={page.items} now={now} />}
      </MonitorSection>
      <MonitorSection
        id="transactions"
        title="Escrow transactions"
        noun={['transaction', 'transactions']}
        list={deals}
        page={filters.txPage}
        onPage={(txPage) => setParams(monitorSearchParams({ ...filters, txPage }))}
        csvHref={monitorDealsCsvHref(dealQuery)}
        filter={
          <NativeSelect
            aria-label="Transaction status"
            className="w-52"
            value={filters.txStatus ?? ''}
            onChange={(e) => filter('txStatus', e.target.value)}
          >
            <option value="">All statuses</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TRANSACTION_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        }
        empty={
          <StateNotice
            icon={<ArrowLeftRight className="size-7" aria-hidden="true" />}
            title="No escrow transactions"
            text={
              hasDealFilters(filters) ? 'No transaction matches these filters.' : 'Purchases show up here from the moment a buyer reserves a listing.'
            }
          />
        }
      >
        {(page, now) => <EscrowDealsTable deals={page.items} now={now} />}
      </MonitorSection>
    </div>
  )
}

interface MonitorSectionProps<T> {
  id: string
  title: string
  noun: [string, string]
  list: UseQueryResult<Page<T>>
  page: number
  onPage: (page: number) => void
  csvHref: string
  /** a filter of this table only, beside the heading */
  filter?: ReactNode
  empty: ReactNode
  /** the table, given the page and the time it was fetched (ages and stuck flags are as of then) */
  children: (page: Page<T>, now: Date) => ReactNode
}

function MonitorSection<T>({ id, title, noun, list, page, onPage, csvHref, filter, empty, children }: MonitorSectionProps<T>) {
  const total = list.data?.total ?? 0
  const pages = pageCount(total, PAYMENT_MONITOR.pageSize)
  const pastEnd = list.data !== undefined && isPastEnd(page, list.data.items.length, total)
  return (
    <section aria-labelledby={`${id}-heading`} className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={`${id}-heading`} className="text-lg font-bold">
            {title}
          </h2>
          {filter}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {/* past the end it would say "Showing 0-0 of 35" over the notice that says so in words */}
          {list.data && !pastEnd && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {showingText(page, PAYMENT_MONITOR.pageSize, total, total === 1 ? noun[0] : noun[1])}
            </p>
          )}
          <Button asChild variant="outline" size="sm">
            <a href={csvHref} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        </div>
      </div>
      {list.isPending && <TableSkeleton />}
      {list.error && (
        <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-destructive">
          {describeError(list.error, `The ${title.toLowerCase()} could not be loaded.`)}
        </p>
      )}
      {list.data &&
        (pastEnd ? (
          <PastEndNotice page={page} pages={pages} total={total} noun={noun} onPage={onPage} />
        ) : list.data.items.length === 0 ? (
          empty
        ) : (
          <div className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}>{children(list.data, new Date(list.dataUpdatedAt))}</div>
        ))}
      {!pastEnd && (
        <div className="flex justify-end">
          <Pager page={page} pages={pages} onPage={onPage} label={`${title} pages`} />
        </div>
      )}
    </section>
  )
}

function LiveBadge({ live }: { live: boolean }) {
  return (
    <span
      data-testid="live-badge"
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-semibold text-muted-foreground"
    >
      <span className={cn('size-2 rounded-full', live ? 'animate-pulse bg-mint-500' : 'bg-navy-300 dark:bg-navy-600')} aria-hidden="true" />
      {live ? 'Live' : `Refreshing every ${monitorPollMs(false) / 1000} s`}
    </span>
  )
}

function TableSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  )
}
