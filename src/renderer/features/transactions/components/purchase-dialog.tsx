import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Hourglass, Loader2, Lock, ShieldCheck } from 'lucide-react'
import { TRANSACTION_MESSAGES, type TransactionDetailDto } from '@shared/api/transactions'
import type { PaymentMethod } from '@shared/fees'
import { formatMoney, transactionDisplayId } from '@shared/format'
import { paths } from '@/config/paths'
import { BrowserCheckoutNotice } from '@/components/browser-checkout-notice'
import { Button } from '@/components/ui/button'
import { DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError, describeError } from '@/lib/api-client'
import { AFTER_PAYMENT_STATE } from '@/lib/chat-arrival'
import type { BrowserCheckout } from '@/lib/external-checkout'
import { useActionKeys } from '@/lib/idempotency'
import { markOwnPurchase } from '@/lib/sounds'
import { useCreateTransaction } from '../api/create-transaction'
import { useQuote } from '../api/get-quote'
import { afterPaymentPath, usePay } from '../hooks/use-pay'
import { quoteOptions } from '../lib/pay-options'
import { PayOptions } from './pay-options'

export interface PurchaseListing {
  id: number
  accountTitle: string
  price: number
}

function QuoteSkeleton() {
  return (
    <div className="mt-5 grid gap-3" aria-label="Loading the price">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  )
}

/**
 * Buy Now's dialog: the one full-cost quote per way to pay, then the purchase in one go. From the balance, one
 * request reserves and pays (POST /api/transactions with `pay: 'balance'`) and the buyer goes on to the deal's chat;
 * if it fails nothing is reserved. At the provider, the listing is reserved first and the buyer sent to its hosted
 * page; if that fails after the reservation, the deal is kept and the buyer can retry here or pay from the deal's page.
 */
export function PurchaseDialogContent({ listing, open }: { listing: PurchaseListing; open: boolean }) {
  const keys = useActionKeys()
  const create = useCreateTransaction(keys)
  // From the moment the buyer asks for the listing it may be theirs, and a listing a deal holds has no quote (the
  // server answers 404). The dialog keeps the quote it showed, whatever the purchase's own answer and live events
  // invalidate meanwhile: asked at refetch time, this holds from the click on, before React renders again.
  const asked = useRef(false)
  const quote = useQuote(listing.id, () => open && !asked.current)
  const payment = usePay(keys)
  const navigate = useNavigate()
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const [deal, setDeal] = useState<TransactionDetailDto | null>(null)
  const [leaving, setLeaving] = useState(false)
  const [external, setExternal] = useState<BrowserCheckout | null>(null)

  const options = quote.data ? quoteOptions(quote.data) : []
  const chosen = options.find((o) => o.method === method && o.available) ?? options.find((o) => o.available) ?? null
  const busy = create.isPending || payment.isPending || leaving
  const error = create.error ?? payment.error
  // another buyer reserved it first, or it left sale: trying again cannot help, so no Retry is offered
  const gone = deal === null && error instanceof ApiError && error.serverMessage === TRANSACTION_MESSAGES.listingUnavailable

  const buy = async () => {
    if (!chosen) return
    markOwnPurchase()
    // the total shown, so that a price or fee changed since is refused rather than charged (409 quote_changed)
    const quotedTotal = quote.data?.methods.find((m) => m.method === 'balance')?.total
    const purchase = async (pay?: 'balance') => {
      asked.current = true
      try {
        return await create.mutateAsync({ listingId: listing.id, ...(pay ? { pay } : {}), ...(quotedTotal === undefined ? {} : { quotedTotal }) })
      } catch (err) {
        asked.current = false // nothing was reserved: the quote may move again (the balance, say)
        if (err instanceof ApiError && err.serverMessage === TRANSACTION_MESSAGES.quoteChanged) void quote.refetch()
        throw err
      }
    }
    try {
      if (chosen.method === 'balance' && !deal) {
        const paid = await purchase('balance')
        markOwnPurchase()
        navigate(afterPaymentPath(paid), { state: AFTER_PAYMENT_STATE })
        return
      }
      const reserved = deal ?? (await purchase())
      setDeal(reserved)
      const opened = await payment.pay(reserved, chosen.method)
      if (opened) setExternal(opened)
      else if (chosen.method !== 'balance') setLeaving(true)
    } catch {
      // shown below; the idempotency keys stay, so Retry sends the same requests
    }
  }

  return (
    <DialogContent
      className="max-w-lg"
      aria-describedby="purchase-description"
      onInteractOutside={(event) => busy && event.preventDefault()}
      onEscapeKeyDown={(event) => busy && event.preventDefault()}
    >
      <DialogTitle>Buy {listing.accountTitle}</DialogTitle>
      <DialogDescription id="purchase-description">
        Your money is held in escrow and reaches the seller only once the account is yours.
      </DialogDescription>
      {quote.isPending ? (
        <QuoteSkeleton />
      ) : quote.isError || !quote.data ? (
        <p role="alert" className="mt-5 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {quote.error ? describeError(quote.error, quote.error.message) : 'Sign in to buy this account.'}
        </p>
      ) : (
        <>
          <dl className="mt-5 grid gap-1.5 rounded-xl bg-muted px-4 py-3 text-sm" data-testid="quote-summary">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Price</dt>
              <dd className="tabular-nums">{formatMoney(quote.data.price)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Escrow fee</dt>
              <dd className="tabular-nums">{formatMoney(quote.data.escrowFee)}</dd>
            </div>
          </dl>
          <div className="mt-4">
            <PayOptions name={`listing-${listing.id}-method`} options={options} value={chosen?.method ?? null} onChange={setMethod} />
          </div>
          <ul className="mt-4 grid gap-2 text-sm text-navy-700 dark:text-navy-200">
            <li className="flex gap-2">
              <Hourglass className="mt-0.5 size-4 shrink-0 text-navy-400" aria-hidden="true" />
              <span>
                The account is reserved for you for <strong>{quote.data.reservationMinutes} minutes</strong> while you pay.
              </span>
            </li>
            <li className="flex gap-2">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-mint-600 dark:text-mint-400" aria-hidden="true" />
              <span>
                After the handover, a <strong>{quote.data.countdownDays}-day</strong> transfer countdown runs before the seller is paid; you can open
                a dispute until it ends.
              </span>
            </li>
          </ul>
        </>
      )}
      {error && (
        <div role="alert" className="mt-4 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {deal ? (
            <>
              <p>
                {transactionDisplayId(deal.id)} is reserved for you, but the payment did not go through: {describeError(error, 'please try again.')}
              </p>
              <Link to={paths.transaction(deal.id)} className="mt-1 inline-block font-semibold underline underline-offset-4">
                Go to the deal
              </Link>
            </>
          ) : (
            describeError(error, 'The purchase could not be started. Please try again.')
          )}
        </div>
      )}
      {external && deal ? (
        <div className="mt-5">
          <BrowserCheckoutNotice url={external.url} kind="payment">
            <Button variant="ghost" asChild>
              <Link to={paths.transaction(deal.id)}>Go to the deal</Link>
            </Button>
          </BrowserCheckoutNotice>
        </div>
      ) : (
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {gone ? (
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link to={paths.browse}>Browse other accounts</Link>
            </Button>
          ) : (
            <Button size="lg" className="w-full sm:w-auto" disabled={!chosen || busy} onClick={() => void buy()} data-testid="confirm-purchase">
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {leaving
                ? 'Opening secure checkout…'
                : busy
                  ? 'Processing…'
                  : !chosen
                    ? 'Choose how to pay'
                    : `${error ? 'Retry: ' : ''}${chosen.method === 'balance' ? 'Pay' : 'Continue to pay'} ${chosen.total}`}
            </Button>
          )}
        </div>
      )}
    </DialogContent>
  )
}
