import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ShieldCheck } from 'lucide-react'
import type { TotpSetupResponse } from '@shared/api/two-factor'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { formatLongDate } from '@/lib/dates'
import { useDisableTwoFactor } from '../api/disable-two-factor'
import { useTwoFactor } from '../api/get-two-factor'
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes'
import { useSetupTotp } from '../api/totp'
import { RecoveryCodes } from './recovery-codes'
import { FormAlert, SettingsSection } from './settings-section'
import { TotpSetup } from './totp-setup'

/** Only an admin page may be where "Continue" leads: `next` comes from the address bar. */
const adminNext = (next: string | null) => (next && /^\/admin[-/][\w\-/?=&%.]*$/.test(next) ? next : null)

/** Settings → Security: the authenticator app (set up, turn off) and the recovery codes. */
export function TwoFactorSection() {
  const status = useTwoFactor()
  const setup = useSetupTotp()
  const regenerate = useRegenerateRecoveryCodes()
  const [pending, setPending] = useState<TotpSetupResponse | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [turningOff, setTurningOff] = useState(false)
  const next = adminNext(useSearchParams()[0].get('next'))
  const data = status.data

  const start = () => setup.mutate(undefined, { onSuccess: setPending })
  const renew = () => regenerate.mutate(undefined, { onSuccess: setCodes })

  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked after your password and before money leaves your account or your email or password changes."
    >
      {!data ? (
        <Skeleton className="h-16 rounded-xl" />
      ) : codes ? (
        <div className="grid gap-4">
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
          {next && data.enabled && <ContinueToAdmin to={next} />}
        </div>
      ) : pending ? (
        <TotpSetup
          setup={pending}
          onCancel={() => setPending(null)}
          onEnabled={(recovery) => {
            setPending(null)
            setCodes(recovery)
            toast({ variant: 'success', title: 'Two-factor sign-in is on', description: 'Sign-ins now ask for a code from your app.' })
          }}
        />
      ) : data.totp ? (
        <div className="grid gap-4">
          <p className="flex items-center gap-2 text-sm">
            <ShieldCheck className="size-5 text-mint-600 dark:text-mint-400" aria-hidden="true" />
            <span>
              <strong>Authenticator app: on</strong>
              {data.since ? ` since ${formatLongDate(data.since)}` : ''}. {data.recoveryCodesLeft} of 10 recovery codes left.
            </span>
          </p>
          {regenerate.isError && <FormAlert>{describeError(regenerate.error, 'New recovery codes could not be made. Please try again.')}</FormAlert>}
          {turningOff ? (
            <TurnOffForm onDone={() => setTurningOff(false)} />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={renew} disabled={regenerate.isPending}>
                {regenerate.isPending ? 'Making codes…' : 'New recovery codes'}
              </Button>
              <Button type="button" variant="outline" onClick={() => setTurningOff(true)}>
                Turn off
              </Button>
            </div>
          )}
          {next && <ContinueToAdmin to={next} />}
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm">
            Two-factor sign-in with an authenticator app is <strong>off</strong>.
          </p>
          {setup.isError && <FormAlert>{describeError(setup.error, 'The set-up could not start. Please try again.')}</FormAlert>}
          <Button type="button" variant="primary" className="justify-self-start" onClick={start} disabled={setup.isPending}>
            {setup.isPending ? 'Starting…' : 'Set up an authenticator app'}
          </Button>
        </div>
      )}
    </SettingsSection>
  )
}

function ContinueToAdmin({ to }: { to: string }) {
  return (
    <Button asChild variant="primary" className="justify-self-start">
      <Link to={to}>Continue to the admin area</Link>
    </Button>
  )
}

/** Turning the app off asks for the password and a code, so a borrowed, signed-in browser cannot do it. */
function TurnOffForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const disable = useDisableTwoFactor()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Two-factor sign-in is off', description: 'Sign-ins ask for your password only.' })
          onDone()
        },
      },
    )
  }
  const error = disable.isError ? describeError(disable.error, 'Two-factor sign-in could not be turned off. Please try again.') : undefined

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Turn off two-factor sign-in">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="two-factor-off-password" label="Current password">
          <PasswordInput
            id="two-factor-off-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <FormField id="two-factor-off-code" label="Code from the app, or a recovery code">
          <Input
            id="two-factor-off-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('two-factor-off-code', error)}
          />
        </FormField>
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending || !password || !code}>
          {disable.isPending ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
