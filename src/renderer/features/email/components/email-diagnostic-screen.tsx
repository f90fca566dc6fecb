import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useSeo } from '@/lib/seo'
import { useEmailDiagnostic } from '../api/email-queries'

const TRANSPORT_LABEL = { smtp: 'SMTP server', outbox: 'Outbox (no SMTP server configured)' } as const

/** /email/diagnostic — asks the server to check its mail transport right now. */
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
          {error && <p role="alert" className="text-destructive">{error.message}</p>}
          {data && (
            <div role="status" className="flex items-start gap-3">
              {data.ok ? (
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
              ) : (
                <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
              )}
              <div>
                <p className="font-medium">{data.ok ? 'Working' : 'Not working'} · {TRANSPORT_LABEL[data.transport]}</p>
                <p className="text-sm text-muted-foreground">{data.message}</p>
              </div>
            </div>
          )}
          <Button variant="outline" className="self-start" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className={isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            Run check again
          </Button>
        </CardContent>
      </Card>
    </section>
  )
}
