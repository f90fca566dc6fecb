import { Link } from 'react-router-dom'
import { Inbox, RefreshCw, ShieldAlert } from 'lucide-react'
import type { OutboxResponse } from '@shared/api/email'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useSeo } from '@/lib/seo'
import { formatRelativeTime } from '@shared/format'
import { useOutbox } from '../api/email-queries'

/**
 * /email/preview — the outbox, where mail waits when no SMTP server is configured. Admins only: it holds live reset
 * links and sign-up codes, which the terminal running the server also prints.
 */
export function EmailPreviewScreen() {
  useSeo({ title: 'Email Preview | Handover', description: 'Mail kept by Handover when no SMTP server is configured.', noIndex: true })
  const { data, error, isPending, isFetching, refetch } = useOutbox()
  const refused = error instanceof ApiError && error.status === 403

  if (!isPending && (data === null || refused)) return <AdminsOnly signedIn={refused} />
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Email Preview</h1>
          {data && (
            <p className="mt-2 text-muted-foreground">
              {data.transport === 'smtp'
                ? 'Mail is delivered by the SMTP server; only mail from before it was configured appears here.'
                : 'No SMTP server is configured, so mail is kept here (and printed in the server’s log) instead of being sent.'}
            </p>
          )}
        </div>
        {data && (
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className={isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            Refresh
          </Button>
        )}
      </div>

      {isPending && <p className="text-muted-foreground">Loading...</p>}
      {error && (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-destructive">
          The outbox could not be loaded. Please try again.
        </p>
      )}
      {data && <OutboxMessages messages={data.messages} />}
    </section>
  )
}

function OutboxMessages({ messages }: { messages: OutboxResponse['messages'] }) {
  if (messages.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden="true" />
          The outbox is empty.
        </CardContent>
      </Card>
    )
  }
  return (
    <ol className="flex flex-col gap-4" aria-label="Outbox">
      {messages.map((message) => (
        <li key={message.id}>
          <Card>
            <CardHeader>
              <CardTitle>{message.subject}</CardTitle>
              <CardDescription>
                To {message.to} · {formatRelativeTime(message.createdAt)}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <pre className="whitespace-pre-wrap break-words rounded-xl bg-muted p-4 font-sans text-sm">{message.text}</pre>
            </CardContent>
          </Card>
        </li>
      ))}
    </ol>
  )
}

/** Signed out: the way to the admin sign-in. Signed in without admin rights: why there is nothing to see. */
function AdminsOnly({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-20 text-center">
      <ShieldAlert className="size-10 text-navy-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">Email Preview is for admins</h1>
      <p role="alert" className="mt-2 text-muted-foreground">
        {signedIn ? 'This account has no admin rights, so it cannot read the outbox.' : 'Sign in as an admin to read the outbox.'}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        Running Handover yourself without SMTP_URL? Every email, with its code or link, is also printed in the terminal where the server runs.
      </p>
      <Button asChild className="mt-6">
        {signedIn ? <Link to={paths.home}>Go to Homepage</Link> : <Link to={paths.adminLogin}>Admin Sign In</Link>}
      </Button>
    </section>
  )
}
