import { useState, type FormEvent } from 'react'
import { MailCheck } from 'lucide-react'
import { emailChangeRequestSchema, emailChangeVerifySchema, type EmailChangeRequest } from '@shared/api/account-settings'
import { RESEND_COOLDOWN_MS, VERIFICATION_CODE_LENGTH } from '@shared/constants'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Skeleton } from '@/components/ui/skeleton'
import { useCountdown } from '@/hooks/use-countdown'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { useResendEmailCode, useStartEmailChange, useVerifyEmailChange } from '../api/change-email'
import { useAccountEmail } from '../api/get-account-email'
import { FormAlert, SettingsSection } from './settings-section'

const EMPTY: EmailChangeRequest = { email: '', password: '' }

/**
 * The address in use, and a change: the new address and the current password send a code there; typing the code
 * back switches it (the old address is told). A change already waiting (another tab, a reload) opens at its code.
 */
export function EmailSection() {
  const current = useAccountEmail(true)
  const [editing, setEditing] = useState(false)
  const pending = current.data?.pendingEmail ?? null

  let body
  if (current.isPending) body = <Skeleton className="h-24 rounded-xl" />
  else if (current.isError)
    body = <FormAlert>{describeError(current.error, 'Your email address could not be loaded. Please reload the page.')}</FormAlert>
  else if (pending && !editing) body = <CodeForm pendingEmail={pending} onOtherAddress={() => setEditing(true)} />
  else body = <RequestForm onSent={() => setEditing(false)} />

  return (
    <SettingsSection
      id="email"
      title="Email address"
      description={
        current.data ? (
          <>
            Sign-in codes and account mail go to <strong className="font-semibold wrap-anywhere text-foreground">{current.data.email}</strong>.
          </>
        ) : (
          'Where sign-in codes and account mail go.'
        )
      }
    >
      {body}
    </SettingsSection>
  )
}

function RequestForm({ onSent }: { onSent: () => void }) {
  const [values, setValues] = useState<EmailChangeRequest>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<EmailChangeRequest>>({})
  const start = useStartEmailChange()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(emailChangeRequestSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.errors) {
      document.getElementById(`new-email-${Object.keys(checked.errors)[0]}`)?.focus()
      return
    }
    start.mutate(checked.data, { onSuccess: onSent })
  }
  const change = (field: keyof EmailChangeRequest, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change email">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="new-email-email" label="New email" error={errors.email}>
          <Input
            id="new-email-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('new-email-email', errors.email)}
          />
        </FormField>
        <FormField id="new-email-password" label="Current password" error={errors.password}>
          <PasswordInput
            id="new-email-password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy('new-email-password', errors.password)}
          />
        </FormField>
      </div>
      {start.isError && <FormAlert>{describeError(start.error, 'The code could not be sent. Please try again.')}</FormAlert>}
      <Button type="submit" variant="primary" disabled={start.isPending} className="h-auto min-h-10 py-2 whitespace-normal sm:justify-self-start">
        {start.isPending ? 'Sending code…' : 'Send code to the new address'}
      </Button>
    </form>
  )
}

function CodeForm({ pendingEmail, onOtherAddress }: { pendingEmail: string; onOtherAddress: () => void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  // a code went out just before this form showed, and the server sends the next one a minute later: counted from here
  const cooldown = useCountdown(RESEND_COOLDOWN_MS)
  const verify = useVerifyEmailChange()
  const resend = useResendEmailCode()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(emailChangeVerifySchema, { code })
    setError(checked.errors?.code)
    if (!checked.data) return
    verify.mutate(checked.data.code, {
      onSuccess: (done) => toast({ variant: 'success', title: 'Email changed', description: `Account mail now goes to ${done.email}.` }),
      // a toast outlives this form, which goes when the change can no longer happen (address taken meanwhile)
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Email not changed',
          description: describeError(failure, 'The code could not be checked. Please try again.'),
        }),
    })
  }
  const again = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        cooldown.start(RESEND_COOLDOWN_MS)
        toast({ variant: 'success', title: 'Code sent', description: `A new code is on its way to ${pendingEmail}.` })
      },
    })

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Confirm new email">
      <p className="flex items-start gap-2 rounded-xl bg-muted px-3 py-2 text-sm text-foreground">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-mint-700 dark:text-mint-400" aria-hidden="true" />
        <span>
          We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong className="wrap-anywhere">{pendingEmail}</strong>. It expires in 15 minutes.
        </span>
      </p>
      <FormField id="email-code" label="Code from the email" error={error}>
        <OneTimeCodeInput
          id="email-code"
          placeholder="••••••"
          value={code}
          onCodeChange={(next) => {
            setCode(next)
            setError(undefined)
          }}
          className="h-12 max-w-56 text-center font-mono text-xl tracking-[0.4em]"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('email-code', error)}
        />
      </FormField>
      {resend.isError && <FormAlert>{describeError(resend.error, 'No new code could be sent. Please try again.')}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={verify.isPending}>
          {verify.isPending ? 'Confirming…' : 'Confirm new email'}
        </Button>
        <Button variant="outline" onClick={again} disabled={cooldown.running || resend.isPending}>
          {cooldown.running ? `Resend in ${cooldown.secondsLeft}s` : 'Resend code'}
        </Button>
        <Button variant="ghost" onClick={onOtherAddress}>
          Use another address
        </Button>
      </div>
    </form>
  )
}
