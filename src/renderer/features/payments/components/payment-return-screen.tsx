import { CheckCircle2, Home, Loader2, XCircle, Wrench, ArrowRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useSeo } from '@/lib/seo'
import { usePaymentReturn } from '../hooks/use-payment-return'

const TITLES = {
  processing: 'Processing payment',
  success: 'Payment successful',
  failed: 'Payment not completed',
  cancelled: 'Payment cancelled',
} as const

/**
 * SPEC §2 payment return screen (/payment/return, /payment-return, /payment/trustap/return, /trustap/return and
 * home with `_trustap_return`): processing, then success or error, with Return to Home, Continue and Complete
 * Payment Manually. The decisions live in lib/return-flow.ts.
 */
export function PaymentReturnScreen() {
  const { view, completeManually, goTo } = usePaymentReturn()
  useSeo({ title: 'Payment | Handover', description: 'Confirming your payment.', noIndex: true })
  const outcome = view.phase === 'done' ? view.outcome : null
  const state = outcome ? (outcome.state === 'success' ? 'success' : outcome.status === 'cancelled' ? 'cancelled' : 'failed') : 'processing'
  const Icon = state === 'processing' ? Loader2 : state === 'success' ? CheckCircle2 : XCircle
  const message = outcome ? outcome.message : view.phase === 'processing' ? view.message : ''

  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-12 sm:py-20">
      <Card className="flex flex-col items-center p-6 text-center sm:p-10" data-testid="payment-return" data-state={state}>
        <span
          className={
            state === 'success'
              ? 'flex size-16 items-center justify-center rounded-2xl bg-mint-300/25 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400'
              : state === 'processing'
                ? 'flex size-16 items-center justify-center rounded-2xl bg-muted text-navy-500 dark:text-navy-300'
                : 'flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive'
          }
        >
          <Icon className={state === 'processing' ? 'size-8 animate-spin' : 'size-8'} aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-extrabold tracking-tight">{TITLES[state]}</h1>
        <p className="mt-2 text-muted-foreground" role="status" aria-live="polite" data-testid="payment-return-message">
          {message}
        </p>
        {outcome?.redirect && <p className="mt-1 text-xs text-muted-foreground">Taking you on in a moment…</p>}
        <div className="mt-8 flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">
          {outcome?.state === 'success' && outcome.continueTo && (
            <Button size="lg" onClick={() => goTo(outcome.continueTo!)}>
              Continue <ArrowRight aria-hidden="true" />
            </Button>
          )}
          {outcome?.manual && (
            <Button size="lg" variant="primary" className="h-auto min-h-12 py-2 whitespace-normal" onClick={() => void completeManually()}>
              <Wrench aria-hidden="true" /> Complete Payment Manually
            </Button>
          )}
          {outcome && (
            <Button size="lg" variant="outline" onClick={() => goTo('/')}>
              <Home aria-hidden="true" /> Return to Home
            </Button>
          )}
        </div>
      </Card>
    </div>
  )
}
