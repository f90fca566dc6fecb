import { Link } from 'react-router-dom'
import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useSeo } from '@/lib/seo'
import { cn } from '@/lib/utils'
import { useTrustapCallback } from '../hooks/use-trustap-callback'

const TITLES = { processing: 'Connecting Trustap', connected: 'Trustap connected' } as const

/**
 * SPEC §2 /trustap/auth/callback and /auth/trustap/callback: where Trustap sends the browser after sign-in.
 * Processing, then connected (and back to /trustap-integration) or why not, with a way to start again.
 */
export function TrustapCallbackScreen() {
  const view = useTrustapCallback()
  useSeo({ title: 'Connecting Trustap | Handover', description: 'Finishing the connection to your Trustap account.', noIndex: true })
  const Icon = view.phase === 'processing' ? Loader2 : view.phase === 'connected' ? CheckCircle2 : XCircle

  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-12 sm:py-20">
      <Card className="flex flex-col items-center p-6 text-center sm:p-10" data-testid="trustap-callback" data-state={view.phase}>
        <span
          className={cn(
            'flex size-16 items-center justify-center rounded-2xl',
            view.phase === 'connected'
              ? 'bg-mint-300/25 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400'
              : view.phase === 'processing'
                ? 'bg-muted text-navy-500 dark:text-navy-300'
                : 'bg-destructive/10 text-destructive',
          )}
        >
          <Icon className={cn('size-8', view.phase === 'processing' && 'animate-spin')} aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-extrabold tracking-tight">{view.phase === 'failed' ? view.title : TITLES[view.phase]}</h1>
        <p
          className="mt-2 break-words text-muted-foreground"
          role={view.phase === 'failed' ? 'alert' : 'status'}
          aria-live="polite"
          data-testid="trustap-callback-message"
        >
          {view.message}
        </p>
        {view.phase === 'connected' && view.connection.email && (
          <p className="mt-1 text-sm text-muted-foreground">
            Signed in at Trustap as <strong className="break-all text-foreground">{view.connection.email}</strong>
          </p>
        )}
        {view.phase === 'failed' && view.detail && <p className="mt-1 break-all text-xs text-muted-foreground">{view.detail}</p>}
        {view.phase === 'failed' && (
          <Button asChild size="lg" variant="primary" className="mt-8 h-auto min-h-12 w-full py-2.5 whitespace-normal sm:w-auto">
            <Link to={view.link.to} replace>
              {view.link.label}
            </Link>
          </Button>
        )}
      </Card>
    </div>
  )
}
