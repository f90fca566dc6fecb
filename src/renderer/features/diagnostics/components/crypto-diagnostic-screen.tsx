import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { MinusCircle, RefreshCw } from 'lucide-react'
import type { DiagnosticReport, DiagnosticStatus } from '@shared/api/diagnostics'
import { PROCESSOR_FEES } from '@shared/fees'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { useDiagnostic } from '../api/get-diagnostic'
import { COMPONENT_TEXT, PRIMITIVE_TEXT } from '../lib/check-text'
import { CheckList, CheckRow } from './check-list'
import { StatusMark } from './status-mark'

const OVERALL: Record<DiagnosticStatus, { title: string; text: string; tone: string }> = {
  ok: {
    title: 'All systems working',
    text: 'Every check below passed.',
    tone: 'border-emerald-200 dark:border-emerald-800 bg-emerald-50 dark:bg-emerald-950/40 text-emerald-950 dark:text-emerald-100',
  },
  degraded: {
    title: 'Partly degraded',
    text: 'The site works, but a check below is slow or an optional service is down.',
    tone: 'border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 text-amber-950 dark:text-amber-100',
  },
  down: {
    title: 'Down',
    text: 'A service the site cannot work without is down.',
    tone: 'border-red-200 dark:border-red-800 bg-red-50 dark:bg-red-950/40 text-red-950 dark:text-red-100',
  },
}

const checkedTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

const cryptoFee = `${(PROCESSOR_FEES.crypto.bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function CryptoPayments({ report }: { report: DiagnosticReport }) {
  const provider = report.components.find((c) => c.name === 'payments')
  return (
    <CheckList label="Crypto payments">
      {report.cryptoPayments ? (
        <CheckRow
          label="Crypto checkout"
          hint={`Deals and deposits can be paid in crypto; the processor adds ${cryptoFee}.`}
          status={provider?.status ?? 'down'}
        />
      ) : (
        <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3">
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-medium">Crypto checkout</p>
            <p className="text-sm text-muted-foreground">The payment provider in use takes cards only: pay by card or from your balance.</p>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-muted-foreground">
            <MinusCircle className="size-4" aria-hidden="true" />
            Not offered
          </span>
        </li>
      )}
      {provider && <CheckRow {...COMPONENT_TEXT.payments} {...provider} />}
    </CheckList>
  )
}

function Report({ report }: { report: DiagnosticReport }) {
  const overall = OVERALL[report.status]
  const crypto = report.components.find((c) => c.name === 'crypto')
  return (
    <>
      <div role="status" className={`mt-6 flex items-start justify-between gap-4 rounded-2xl border p-4 ${overall.tone}`}>
        <div>
          <p className="font-semibold">{overall.title}</p>
          <p className="text-sm">
            {overall.text} Checked at {checkedTime(report.checkedAt)}.
          </p>
        </div>
        <StatusMark status={report.status} className="text-current" />
      </div>

      <Section title="Crypto payments" description="Whether checkout takes crypto, and whether the payment provider answers right now.">
        <CryptoPayments report={report} />
      </Section>

      <Section title="Cryptography on the server" description="Each primitive the site relies on, checked against a known answer.">
        <CheckList label="Cryptography on the server">
          {(crypto?.parts ?? []).map((part) => (
            <CheckRow key={part.name} {...PRIMITIVE_TEXT[part.name]} {...part} />
          ))}
        </CheckList>
      </Section>

      <Section title="API status" description="The services behind the API, as GET /api/diagnostic reports them.">
        <CheckList label="API status">
          {report.components.map((component) => (
            <CheckRow key={component.name} {...COMPONENT_TEXT[component.name]} {...component} />
          ))}
        </CheckList>
      </Section>

      <p className="mt-6 text-sm text-muted-foreground">
        {report.details
          ? `Version ${report.details.version}${report.details.build ? ` · build ${report.details.build}` : ''} · Node ${report.details.node} · provider ${report.details.provider}`
          : 'Admins also see what each check found and how long it took.'}
      </p>
    </>
  )
}

/** /crypto/diagnostic (SPEC §2): crypto payments, the server's cryptography and the API's services, checked live. */
export function CryptoDiagnosticScreen() {
  useSeo({
    title: 'Crypto Diagnostic | Handover',
    description: 'Live checks of crypto payments, the server’s cryptography and the services behind Handover.',
    noIndex: true,
  })
  const { data, error, isFetching, refetch } = useDiagnostic()

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Crypto Diagnostic</h1>
          <p className="mt-2 text-muted-foreground">Crypto payments and the checks behind them, run on the server right now.</p>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
          Run checks again
        </Button>
      </div>
      {isFetching && !data && <p className="mt-6 text-muted-foreground">Checking...</p>}
      {error && !data && (
        <p role="alert" className="mt-6 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-destructive">
          The checks could not be run: {error.message}
        </p>
      )}
      {data && <Report report={data} />}
      <p className="mt-2 text-sm text-muted-foreground">
        See also the{' '}
        <Link to={paths.emailDiagnostic} className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline">
          email diagnostic
        </Link>{' '}
        and the raw{' '}
        <a href={paths.apiDiagnostic} className="font-medium text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline">
          /api/diagnostic
        </a>
        .
      </p>
    </section>
  )
}
