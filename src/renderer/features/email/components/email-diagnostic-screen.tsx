import { Link } from 'react-router-dom'
import { AlertTriangle, CheckCircle2, RefreshCw, XCircle } from 'lucide-react'
import type { DiagnosticStatus } from '@shared/api/diagnostics'
import type { EmailDiagnostic } from '@shared/api/email'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { useEmailDiagnostic } from '../api/email-queries'

const TRANSPORT_LABEL = { smtp: 'SMTP server', outbox: 'Outbox (no SMTP server configured)' } as const

const STATUS = {
  ok: { label: 'Working', Icon: CheckCircle2, tone: 'text-emerald-600 dark:text-emerald-400' },
  degraded: { label: 'Working, slowly', Icon: AlertTriangle, tone: 'text-amber-600 dark:text-amber-400' },
  down: { label: 'Not working', Icon: XCircle, tone: 'text-destructive' },
} satisfies Record<DiagnosticStatus, unknown>

/**
 * /email/diagnostic — asks the server to check its mail transport (SMTP verify, or the outbox table): the same check
 * as the email line of GET /api/diagnostic.
 */
export function EmailDiagnosticScreen() {
  useSeo({ title: 'Email Diagnostic | Handover', description: 'Checks that Handover can send email.', noIndex: true })
  const { data, error, isFetching, refetch } = useEmailDiagnostic()

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Email Diagnostic</h1>
      <p className="mt-2 text-muted-foreground">Verification codes and password resets depend on this check passing.</p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Mail transport</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {isFetching && !data && <p className="text-muted-foreground">Checking...</p>}
          {error && (
            <p role="alert" className="text-destructive">
              {error.message}
            </p>
          )}
          {data && <EmailCheck result={data} />}
          <Button variant="outline" className="self-start" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className={isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            Run check again
          </Button>
        </CardContent>
      </Card>
      <p className="mt-4 text-sm text-muted-foreground">
        The other services and the site’s cryptography are checked on the{' '}
        <Link to={paths.cryptoDiagnostic} className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline">
          crypto diagnostic
        </Link>
        .
      </p>
    </section>
  )
}

function EmailCheck({ result }: { result: EmailDiagnostic }) {
  const { label, Icon, tone } = STATUS[result.status]
  return (
    <div role="status" className="flex items-start gap-3">
      <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden="true" />
      <div>
        <p className="font-medium">
          {label} · {TRANSPORT_LABEL[result.transport]}
        </p>
        <p className="text-sm text-muted-foreground">
          {result.message}
          {typeof result.latencyMs === 'number' && ` · ${result.latencyMs} ms`}
        </p>
      </div>
    </div>
  )
}
