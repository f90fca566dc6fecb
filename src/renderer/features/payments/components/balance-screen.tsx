import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Landmark, ReceiptText } from 'lucide-react'
import { PAYMENTS_PAGE_SIZE } from '@shared/api/payments'
import { paths } from '@/config/paths'
import { Pager, showingText } from '@/components/pager'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useLastPageRedirect } from '@/hooks/use-last-page-redirect'
import { useCurrentUser } from '@/lib/auth'
import { formatBalance } from '@/lib/money-display'
import { useSeo } from '@/lib/seo'
import { cn } from '@/lib/utils'
import { useBalance } from '../api/get-balance'
import { useBalanceHistory } from '../api/get-balance-history'
import { useWithdrawals } from '../api/get-withdrawals'
import { useDepositReturn } from '../hooks/use-deposit-return'
import { BalanceHistory } from './balance-history'
import { DepositDialog } from './deposit-dialog'
import { DepositReturnNotice } from './deposit-return-notice'
import { WithdrawDialog } from './withdraw-dialog'
import { WithdrawalsList } from './withdrawals-list'

interface FigureProps {
  label: string
  value: string | null
  hint: string
  testId: string
  big?: boolean
  /** just changed by a deposit: ringed for a moment so the eye finds it */
  emphasised?: boolean
}

function Figure({ label, value, hint, testId, big = false, emphasised = false }: FigureProps) {
  return (
    <div
      className={cn(
        big ? 'rounded-2xl bg-navy-950 p-5 text-white sm:p-6' : 'rounded-2xl border bg-card p-5',
        'ring-mint-400 ring-offset-2 ring-offset-background motion-safe:transition-shadow motion-safe:duration-500',
        emphasised && 'ring-4',
      )}
      data-testid={testId}
      data-emphasised={emphasised}
    >
      <p className={big ? 'text-sm text-navy-200' : 'text-sm text-muted-foreground'}>{label}</p>
      {value === null ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <p className={big ? 'mt-1 text-4xl font-extrabold tracking-tight text-mint-300 tabular-nums' : 'mt-1 text-2xl font-bold tabular-nums'}>
          {value}
        </p>
      )}
      <p className={big ? 'mt-2 text-xs text-navy-200' : 'mt-2 text-xs text-muted-foreground'}>{hint}</p>
    </div>
  )
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="mt-10" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-bold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  )
}

const pageOf = (search: URLSearchParams) => {
  const raw = search.get('page') ?? ''
  return /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1
}

/** /balance: what is available, held in escrow and for withdrawals; deposit, withdraw, and the ledger's history. */
export function BalanceScreen() {
  const { user, isSignedIn, isLoading } = useCurrentUser()
  const [search, setSearch] = useSearchParams()
  const page = pageOf(search)
  const balance = useBalance(isSignedIn)
  const deposit = useDepositReturn(balance.isFetchedAfterMount)
  const history = useBalanceHistory(page, isSignedIn)
  const withdrawals = useWithdrawals(isSignedIn)
  useSeo({ title: 'Balance | Handover', description: 'Your Handover balance, deposits and withdrawals.', noIndex: true })
  const { total, pages, settling } = useLastPageRedirect(history, page, PAYMENTS_PAGE_SIZE, (last) =>
    setSearch(last > 1 ? { page: String(last) } : {}, { replace: true }),
  )
  if (!isLoading && !isSignedIn) return <SignInRedirect reason="balance" />

  // the header's figure (from /api/auth/me) stands in until, or if, the balance summary cannot be read
  const available = balance.data?.available ?? (balance.isError ? (user?.balance ?? null) : null)
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Balance</h1>
          <p className="mt-2 text-muted-foreground">Pay for accounts from your balance, top it up, and withdraw your sales.</p>
        </div>
        <div className="flex w-full gap-2 sm:w-auto [&>*]:min-w-0 [&>*]:flex-1 [&>*]:px-3 sm:[&>*]:flex-none sm:[&>*]:px-6">
          <DepositDialog />
          <WithdrawDialog available={available} />
        </div>
      </header>

      <DepositReturnNotice notice={deposit.notice} onDismiss={deposit.dismiss} />
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Figure
          big
          label="Available"
          value={available === null ? null : formatBalance(available)}
          hint="Spend it on accounts or withdraw it."
          testId="balance-available"
          emphasised={deposit.emphasised && available !== null}
        />
        <Figure
          label="In escrow"
          value={balance.data ? formatBalance(balance.data.inEscrow) : balance.isError ? '—' : null}
          hint="Paid for deals still in progress."
          testId="balance-in-escrow"
        />
        <Figure
          label="Pending withdrawals"
          value={balance.data ? formatBalance(balance.data.pendingWithdrawals) : balance.isError ? '—' : null}
          hint="Held until an admin approves the payout."
          testId="balance-pending"
        />
      </div>

      <Section
        title="History"
        aside={
          history.data && total > 0 && !settling ? (
            <p className="text-sm text-muted-foreground">{showingText(page, PAYMENTS_PAGE_SIZE, total)}</p>
          ) : undefined
        }
      >
        {history.isPending || settling ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : history.isError ? (
          <LoadFailedNotice title="Could not load your history" error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.items.length === 0 ? (
          <StateNotice
            icon={<ReceiptText className="size-7" aria-hidden="true" />}
            title="Nothing here yet"
            text="Deposits, purchases, sales and refunds will be listed here."
          />
        ) : (
          <>
            <BalanceHistory items={history.data.items} />
            <div className="mt-4 flex justify-end">
              <Pager label="History pages" page={page} pages={pages} onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})} />
            </div>
          </>
        )}
      </Section>

      <Section title="Withdrawals">
        {withdrawals.isPending ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : withdrawals.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your withdrawals: {withdrawals.error.message}</p>
        ) : withdrawals.data.length === 0 ? (
          <Card className="flex items-center gap-3 p-5 text-sm text-muted-foreground">
            <Landmark className="size-5 shrink-0 text-navy-400" aria-hidden="true" /> No withdrawals yet.
          </Card>
        ) : (
          <WithdrawalsList items={withdrawals.data} />
        )}
        <p className="mt-3 text-sm text-muted-foreground">
          Selling through Trustap?{' '}
          <Link
            to={paths.trustapIntegration}
            className="font-medium text-navy-700 dark:text-navy-200 underline underline-offset-2 hover:text-navy-900 dark:hover:text-navy-100"
          >
            Connect your Trustap account
          </Link>
          .
        </p>
      </Section>
    </div>
  )
}
