import { useState } from 'react'
import { ArrowUpRight, CheckCircle2, Info, Link2, Loader2, Unlink } from 'lucide-react'
import type { TrustapConnectionDto } from '@shared/api/payments'
import { BrowserCheckoutNotice } from '@/components/browser-checkout-notice'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/dialog'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useDisconnectTrustap } from '../api/disconnect-trustap'
import { useConnectTrustap, useTrustapStart } from '../api/start-trustap-oauth'
import { connectionFacts, connectPanel, TRUSTAP_TEXTS } from '../lib/trustap-connection'

function ErrorText({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm break-words text-destructive">
      {children}
    </p>
  )
}

/** Not connected: the Connect button, or why there is none (no OAuth client on this server). */
export function ConnectPanel() {
  const start = useTrustapStart(true)
  const connect = useConnectTrustap()
  const panel = connectPanel(start)

  if (panel.kind === 'not-configured') {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-2xl border border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 p-5 text-amber-950 dark:text-amber-100"
        data-testid="trustap-not-configured"
      >
        <Info className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <div>
          <p className="font-semibold">{TRUSTAP_TEXTS.notConfiguredTitle}</p>
          <p className="mt-1 text-sm">{TRUSTAP_TEXTS.notConfigured}</p>
        </div>
      </div>
    )
  }

  if (connect.data) {
    return (
      <Card className="p-5 sm:p-6" data-testid="trustap-connect">
        <BrowserCheckoutNotice url={connect.data.url} kind="trustap" />
      </Card>
    )
  }

  // leaving for Trustap: the button stays busy until the page unloads
  const busy = panel.kind === 'checking' || connect.isPending || connect.isSuccess
  return (
    <Card className="p-5 sm:p-6" data-testid="trustap-connect">
      <p className="font-semibold">No Trustap account connected</p>
      <p className="mt-1 text-sm text-muted-foreground">You will sign in at Trustap and be brought back here.</p>
      <div className="mt-5 grid gap-3">
        {panel.kind === 'unavailable' && <ErrorText>{panel.message}</ErrorText>}
        {connect.isError && <ErrorText>{describeError(connect.error, TRUSTAP_TEXTS.startFailed)}</ErrorText>}
        <div>
          {panel.kind === 'unavailable' ? (
            <Button size="lg" variant="outline" className="w-full sm:w-auto" onClick={() => void start.refetch()}>
              Try Again
            </Button>
          ) : (
            <Button size="lg" variant="primary" className="w-full sm:w-auto" disabled={busy} onClick={() => connect.mutate()}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
              {connect.isPending || connect.isSuccess ? 'Going to Trustap…' : 'Connect Trustap'}
              {!busy && <ArrowUpRight aria-hidden="true" />}
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}

/** Connected: who the account is, and Disconnect behind a confirmation. */
export function ConnectedAccount({ connection }: { connection: TrustapConnectionDto }) {
  return (
    <Card className="p-5 sm:p-6" data-testid="trustap-connected">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 className="size-5 shrink-0 text-mint-700 dark:text-mint-400" aria-hidden="true" /> Trustap account connected
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {connectionFacts(connection).map((fact) => (
          <div key={fact.label} className="min-w-0 rounded-xl bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{fact.label}</dt>
            <dd className="mt-0.5 text-sm font-medium break-all">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5">
        <DisconnectButton />
      </div>
    </Card>
  )
}

function DisconnectButton() {
  const [open, setOpen] = useState(false)
  const disconnect = useDisconnectTrustap()

  const onOpenChange = (next: boolean) => {
    if (disconnect.isPending) return
    setOpen(next)
    if (next) disconnect.reset()
  }
  const confirm = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setOpen(false)
        toast({ variant: 'success', title: 'Trustap disconnected' })
      },
    })

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Unlink aria-hidden="true" /> Disconnect
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Disconnect Trustap?</AlertDialogTitle>
        <AlertDialogDescription>
          Handover will forget your Trustap user id and email, and payouts cannot go to your Trustap account until you connect it again.
        </AlertDialogDescription>
        {disconnect.isError && (
          <div className="mt-4">
            <ErrorText>{describeError(disconnect.error, TRUSTAP_TEXTS.disconnectFailed)}</ErrorText>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={disconnect.isPending}>
              Keep connected
            </Button>
          </AlertDialogCancel>
          {/* not AlertDialog.Action: that closes at once, and the dialog stays while the request runs */}
          <Button variant="destructive" onClick={confirm} disabled={disconnect.isPending}>
            {disconnect.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {disconnect.isPending ? 'Disconnecting…' : disconnect.isError ? 'Retry: Disconnect' : 'Disconnect'}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
