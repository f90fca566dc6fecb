import { Link, useSearchParams } from 'react-router-dom'
import { CircleCheck, LockKeyholeOpen } from 'lucide-react'
import { AUTH_MESSAGES, unlockAccountRequestSchema } from '@shared/api/auth'
import { describeError } from '@/lib/api-client'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { Button } from '@/components/ui/button'
import { useUnlockAccount } from '../api/unlock-account'
import { AuthShell } from './auth-shell'

/**
 * Where the emailed unlock link lands. The link is used by a press of the button, not on load: a mail scanner that
 * opens links to check them would otherwise lift the lock its owner never asked to lift.
 */
export function UnlockAccountScreen() {
  useSeo({ title: 'Unlock Account | Handover', description: 'Unlock signing in to your Handover account.', noIndex: true })
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const mutation = useUnlockAccount()
  const wellFormed = unlockAccountRequestSchema.safeParse({ token }).success

  if (mutation.isSuccess) {
    return (
      <AuthShell>
        <div role="status" className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-mint-400 text-navy-950">
            <CircleCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight">Account unlocked</h1>
          <p className="mt-3 text-muted-foreground">{mutation.data.message}</p>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.login}>Sign In</Link>
          </Button>
        </div>
      </AuthShell>
    )
  }

  const problem = mutation.isError
    ? describeError(mutation.error, AUTH_MESSAGES.invalidUnlockToken)
    : wellFormed
      ? null
      : AUTH_MESSAGES.invalidUnlockToken

  return (
    <AuthShell>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
        <LockKeyholeOpen className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight">Unlock your account</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Signing in with your password was locked after too many failed attempts. If they were yours, unlock it and sign in again. If they were not,
        someone may be guessing your password: choose a new one after you sign in.
      </p>
      {problem && (
        <div role="alert" className="mb-5 rounded-xl bg-red-50 dark:bg-red-950/40 px-4 py-3 text-sm font-medium text-destructive">
          {problem}{' '}
          <Link to={paths.forgotPassword} className="underline underline-offset-2">
            Reset your password instead
          </Link>
        </div>
      )}
      <div className="grid gap-4">
        <Button type="button" size="lg" disabled={mutation.isPending || !wellFormed} onClick={() => mutation.mutate(token)} className="w-full">
          {mutation.isPending ? 'Unlocking...' : 'Unlock My Account'}
        </Button>
        <Link
          to={paths.login}
          className="justify-self-center text-sm font-medium text-mint-700 dark:text-mint-400 hover:underline focus-visible:underline"
        >
          Back to Sign In
        </Link>
      </div>
    </AuthShell>
  )
}
