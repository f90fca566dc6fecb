import { useState } from 'react'
import { Loader2, LogOut, MonitorSmartphone } from 'lucide-react'
import type { SignedInSession } from '@shared/api/sessions'
import { formatRelativeTime } from '@shared/format'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/dates'
import { serverNow } from '@/lib/server-clock'
import { useSessions } from '../api/get-sessions'
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions'
import { useSignOutSession } from '../api/sign-out-session'
import { FormAlert, SettingsSection } from './settings-section'

/**
 * "Where you're signed in": every browser and device signed in to the account, this one first and marked, each other
 * one with its own Sign out, and Sign out everywhere else. Each sign-out is confirmed first: it cannot be undone.
 */
export function SessionsSection() {
  const sessions = useSessions()
  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  // this browser on top, then the others as the server orders them, the most recently used first
  const ordered = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : []

  let body
  if (sessions.isPending) body = <Skeleton className="h-32 rounded-xl" />
  else if (sessions.isError || !sessions.data)
    body = <FormAlert>{describeError(sessions.error, 'Your sessions could not be loaded. Please reload the page.')}</FormAlert>
  else
    body = (
      <div className="grid gap-4">
        <ul aria-label="Signed-in devices" className="divide-y rounded-xl border">
          {ordered.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
        {others > 0 ? <SignOutOthers count={others} /> : <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>}
      </div>
    )

  return (
    <SettingsSection
      id="sessions"
      title="Where you're signed in"
      description="The browsers and devices signed in to your account. The IP address only tells roughly where one is. Sign out any you do not recognise, and change your password."
    >
      {body}
    </SettingsSection>
  )
}

/** Relative time, with the exact one on hover. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso, new Date(serverNow()))}
    </time>
  )
}

function SessionItem({ session }: { session: SignedInSession }) {
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      aria-label={session.current ? `${session.device}, this device` : session.device}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-navy-700 dark:text-navy-200">
          <MonitorSmartphone className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold wrap-anywhere">
            {session.device}
            {session.current && <Badge>This device</Badge>}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground sm:gap-x-4">
            <dt className="font-medium text-navy-700 dark:text-navy-200">Rough location</dt>
            <dd className="wrap-anywhere">{session.ip ? `IP ${session.ip}` : 'Unknown'}</dd>
            <dt className="font-medium text-navy-700 dark:text-navy-200">Signed in</dt>
            <dd>
              <When iso={session.createdAt} />
            </dd>
            <dt className="font-medium text-navy-700 dark:text-navy-200">Last active</dt>
            <dd>{session.current ? 'Now' : <When iso={session.lastSeenAt ?? session.createdAt} />}</dd>
          </dl>
        </div>
      </div>
      {!session.current && <SignOutOne session={session} />}
    </li>
  )
}

interface ConfirmProps {
  trigger: string
  title: string
  text: string
  confirmLabel: string
  busy: boolean
  error: string | null
  onConfirm(close: () => void): void
  onOpen(): void
}

/** A sign-out asked first; the dialog stays while the request runs and shows the server's refusal. */
function ConfirmSignOut({ trigger, title, text, confirmLabel, busy, error, onConfirm, onOpen }: ConfirmProps) {
  const [open, setOpen] = useState(false)
  const change = (next: boolean) => {
    if (busy) return
    if (next) onOpen()
    setOpen(next)
  }
  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <LogOut aria-hidden="true" /> {trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{text}</AlertDialogDescription>
        {error && (
          <div className="mt-4">
            <FormAlert>{error}</FormAlert>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* not AlertDialog.Action: that closes at once, and the dialog stays while the request runs */}
          <Button variant="destructive" onClick={() => onConfirm(() => setOpen(false))} disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {busy ? 'Signing out…' : confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}

function SignOutOne({ session }: { session: SignedInSession }) {
  const signOut = useSignOutSession()
  return (
    <ConfirmSignOut
      trigger="Sign out"
      title={`Sign out ${session.device}?`}
      text="That browser is signed out at once and needs your password to sign in again."
      confirmLabel="Sign out"
      busy={signOut.isPending}
      error={signOut.isError ? describeError(signOut.error, 'That device could not be signed out. Please try again.') : null}
      onOpen={() => signOut.reset()}
      onConfirm={(close) =>
        signOut.mutate(session.id, {
          onSuccess: () => {
            close()
            toast({ variant: 'success', title: 'Signed out', description: `${session.device} is signed out.` })
          },
        })
      }
    />
  )
}

function SignOutOthers({ count }: { count: number }) {
  const signOut = useSignOutOtherSessions()
  return (
    <div className="sm:justify-self-start">
      <ConfirmSignOut
        trigger="Sign out everywhere else"
        title="Sign out everywhere else?"
        text={`${count === 1 ? 'The other device is' : `All ${count} other devices are`} signed out at once. You stay signed in here.`}
        confirmLabel="Sign out everywhere else"
        busy={signOut.isPending}
        error={signOut.isError ? describeError(signOut.error, 'The other devices could not be signed out. Please try again.') : null}
        onOpen={() => signOut.reset()}
        onConfirm={(close) =>
          signOut.mutate(undefined, {
            onSuccess: ({ ended }) => {
              close()
              const description = ended === 1 ? '1 other device was signed out.' : `${ended} other devices were signed out.`
              toast({ variant: 'success', title: 'Signed out everywhere else', description })
            },
          })
        }
      />
    </div>
  )
}
