import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { CheckCircle2, Home, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useSeo } from '@/lib/seo'
import { failedPage, successPage } from '../lib/outcome-pages'

function OutcomeCard({
  tone,
  title,
  text,
  note,
  children,
  testId,
}: {
  tone: 'success' | 'error'
  title: string
  text: string
  note?: string | null
  /** the way on; Return to Home follows it */ children: ReactNode
  testId: string
}) {
  const Icon = tone === 'success' ? CheckCircle2 : XCircle
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-12 sm:py-20">
      <Card className="flex flex-col items-center p-6 text-center sm:p-10" data-testid={testId}>
        <span
          className={
            tone === 'success'
              ? 'flex size-16 items-center justify-center rounded-2xl bg-mint-300/25 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400'
              : 'flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive'
          }
        >
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">{text}</p>
        {note && <p className="mt-1 text-xs break-all text-muted-foreground">{note}</p>}
        <div className="mt-8 flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">
          {children}
          <Button asChild size="lg" variant="outline">
            <Link to="/">
              <Home aria-hidden="true" /> Return to Home
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  )
}

/** /payment-success?type&tx_id&order_id (SPEC §2). */
export function PaymentSuccessScreen() {
  const [search] = useSearchParams()
  const page = successPage(search)
  useSeo({ title: 'Payment successful | Handover', description: 'Your payment went through.', noIndex: true })
  return (
    <OutcomeCard
      tone="success"
      title="Payment successful"
      text={page.text}
      note={page.reference && `Reference ${page.reference}`}
      testId="payment-success"
    >
      <Button asChild size="lg">
        <Link to={page.continueTo}>{page.continueLabel}</Link>
      </Button>
    </OutcomeCard>
  )
}

/** /payment-failed?reason&error&tx_id (SPEC §2). */
export function PaymentFailedScreen() {
  const [search] = useSearchParams()
  const page = failedPage(search)
  useSeo({ title: 'Payment failed | Handover', description: 'Your payment did not go through.', noIndex: true })
  return (
    <OutcomeCard tone="error" title="Payment failed" text={page.text} note={page.reason && `Provider status: ${page.reason}`} testId="payment-failed">
      <Button asChild size="lg">
        <Link to={page.retryTo}>{page.retryLabel}</Link>
      </Button>
    </OutcomeCard>
  )
}
