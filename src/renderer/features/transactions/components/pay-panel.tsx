import { useState } from 'react'
import { Loader2, Lock } from 'lucide-react'
import type { TransactionDetailDto } from '@shared/api/transactions'
import type { PaymentMethod } from '@shared/fees'
import { BrowserCheckoutNotice } from '@/components/browser-checkout-notice'
import { Button } from '@/components/ui/button'
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from '@/components/ui/dialog'
import { describeError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import type { BrowserCheckout } from '@/lib/external-checkout'
import { useActionKeys } from '@/lib/idempotency'
import { usePay } from '../hooks/use-pay'
import { actionCopy } from '../lib/actions'
import { dealOptions } from '../lib/pay-options'
import { PayOptions } from './pay-options'

/**
 * The buyer's payment while the deal is reserved: balance (asks first: money moves at once), card or crypto (the
 * provider's own page is where they confirm). Shown only when the server lists `pay` among the viewer's actions.
 */
export function PayPanel({ deal }: { deal: TransactionDetailDto }) {
  const { user } = useCurrentUser()
  const options = dealOptions(deal, user?.balance ?? null)
  const firstAvailable = options.find((o) => o.available)?.method ?? null
  const [method, setMethod] = useState<PaymentMethod | null>(firstAvailable)
  const [confirming, setConfirming] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [external, setExternal] = useState<BrowserCheckout | null>(null)
  const keys = useActionKeys()
  const payment = usePay(keys)
  const chosen = options.find((o) => o.method === method && o.available) ?? null
  const copy = actionCopy('pay', deal)
  const busy = payment.isPending || leaving

  const run = async (how: PaymentMethod) => {
    try {
      const opened = await payment.pay(deal, how)
      if (opened) setExternal(opened)
      else if (how !== 'balance') setLeaving(true)
    } catch {
      // shown below from payment.error; the key stays for a retry
    }
  }

  const start = () => {
    if (!chosen) return
    payment.reset()
    if (chosen.method === 'balance') {
      keys.settle()
      setConfirming(true)
    } else void run(chosen.method)
  }

  return (
    <section aria-labelledby="pay-heading" className="mt-5 border-t pt-5">
      <h3 id="pay-heading" className="sr-only">
        Pay for this deal
      </h3>
      <PayOptions name={`deal-${deal.id}-method`} options={options} value={chosen?.method ?? null} onChange={setMethod} />
      {payment.error && !confirming && (
        <p role="alert" className="mt-3 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {describeError(payment.error, 'The payment could not be started. Please try again.')}
        </p>
      )}
      {external ? (
        <div className="mt-4">
          <BrowserCheckoutNotice url={external.url} kind="payment">
            <Button variant="ghost" onClick={() => setExternal(null)}>
              Choose another way to pay
            </Button>
          </BrowserCheckoutNotice>
        </div>
      ) : (
        <Button size="lg" className="mt-4 w-full" disabled={!chosen || busy} onClick={start} data-testid="pay-button">
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
          {leaving ? 'Opening secure checkout…' : chosen ? `Pay ${chosen.total}` : 'Pay'}
        </Button>
      )}
      <AlertDialog open={confirming} onOpenChange={(next) => !payment.isPending && setConfirming(next)}>
        <AlertDialogContent>
          <AlertDialogTitle>{copy.title}</AlertDialogTitle>
          <AlertDialogDescription>{copy.description}</AlertDialogDescription>
          {payment.error && (
            <p role="alert" className="mt-4 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
              {describeError(payment.error, 'The payment did not go through. Please try again.')}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={payment.isPending}>
                Go back
              </Button>
            </AlertDialogCancel>
            <Button onClick={() => void run('balance')} disabled={payment.isPending} data-confirm="pay">
              {payment.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {payment.isPending ? copy.pending : payment.error ? `Retry: ${copy.confirm}` : copy.confirm}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  )
}
