import { KeyRound, Landmark, ShieldCheck } from 'lucide-react'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { useTrustapConnection } from '../api/get-trustap-connection'
import { TRUSTAP_TEXTS } from '../lib/trustap-connection'
import { ConnectPanel, ConnectedAccount } from './trustap-connection-panels'

const REASONS = [
  {
    icon: Landmark,
    title: 'Get paid through Trustap',
    text: 'Connect your own Trustap account so the payouts for the accounts you sell can go to you through Trustap.',
  },
  {
    icon: KeyRound,
    title: 'You sign in at Trustap',
    text: 'You log in and agree on Trustap’s own site, then come back here. Handover never sees your Trustap password.',
  },
  {
    icon: ShieldCheck,
    title: 'Only what identifies you',
    text: 'Handover keeps your Trustap user id and email, nothing else. You can disconnect at any time.',
  },
] as const

/** SPEC §2 /trustap-integration: why a seller connects Trustap, the current connection, connect and disconnect. */
export function TrustapIntegrationScreen() {
  const { isSignedIn, isLoading } = useCurrentUser()
  const connection = useTrustapConnection(isSignedIn)
  useSeo({ title: 'Trustap Integration | Handover', description: 'Connect your Trustap account to get paid for your sales.', noIndex: true })
  if (!isLoading && !isSignedIn) return <SignInRedirect reason="trustap-integration" />

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Trustap integration</h1>
        <p className="mt-2 text-muted-foreground">
          Trustap is the escrow provider Handover works with: it keeps a buyer’s payment safe until the account has changed hands. As a seller,
          connect your Trustap account so the money from your sales can be paid out to you there.
        </p>
      </header>

      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border bg-card p-4">
            <Icon className="size-5 text-mint-700 dark:text-mint-400" aria-hidden="true" />
            <p className="mt-2 font-semibold">{title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>

      <section className="mt-8" aria-label="Your Trustap account">
        <h2 className="mb-3 text-xl font-bold">Your Trustap account</h2>
        {connection.isPending ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : connection.isError ? (
          <LoadFailedNotice
            title="Could not load your connection"
            error={connection.error}
            fallback={TRUSTAP_TEXTS.loadFailed}
            onRetry={() => void connection.refetch()}
          />
        ) : connection.data?.connected ? (
          <ConnectedAccount connection={connection.data} />
        ) : (
          <ConnectPanel />
        )}
      </section>
    </div>
  )
}
