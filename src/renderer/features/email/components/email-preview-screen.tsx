import { Inbox, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { useSeo } from '@/lib/seo'
import { formatRelativeTime } from '@shared/format'
import { useOutbox } from '../api/email-queries'

function accessMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'Only admins can read the outbox.'
  return 'The outbox could not be loaded. Please try again.'
}

/** /email/preview — the outbox, where mail waits when no SMTP server is configured. */
export function EmailPreviewScreen() {
  useSeo({ title: 'Email Preview | Handover', description: 'Mail kept by Handover when no SMTP server is configured.', noIndex: true })
  const { data, error, isPending, isFetching, refetch } = useOutbox()

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Email Preview</h1>
          <p className="mt-2 text-muted-foreground">
            {data?.transport === 'smtp'
              ? 'Mail is delivered by the SMTP server; only mail from before it was configured appears here.'
              : 'No SMTP server is configured, so mail is kept here instead of being sent.'}
          </p>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {isPending && <p className="text-muted-foreground">Loading...</p>}
      {error && <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-destructive">{accessMessage(error)}</p>}
      {!isPending && !error && data === null && <p role="alert" className="text-muted-foreground">Sign in as an admin to read the outbox.</p>}
      {data && data.messages.length === 0 && (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground">
            <Inbox className="size-8" aria-hidden="true" />
            The outbox is empty.
          </CardContent>
        </Card>
      )}
      <ol className="flex flex-col gap-4" aria-label="Outbox">
        {data?.messages.map((message) => (
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
    </section>
  )
}
