import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react'
import { FORGOT_PASSWORD_ANSWER, forgotPasswordRequestSchema } from '@shared/api/auth'
import { describeError } from '@/lib/api-client'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useRequestPasswordReset } from '../api/password-recovery'
import { validate } from '@/lib/field-errors'
import { AuthShell } from './auth-shell'
import { describedBy, FormField } from '@/components/form-field'

export function ForgotPasswordScreen() {
  useSeo({ title: 'Forgot Password | Handover', description: 'Reset the password of your Handover account.', noIndex: true })
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const mutation = useRequestPasswordReset()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(forgotPasswordRequestSchema, { email })
    setError(result.errors?.email)
    if (result.data) mutation.mutate(result.data.email)
  }

  if (mutation.isSuccess) {
    return (
      <AuthShell>
        <div role="status" className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
            <MailCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight">Check your inbox</h1>
          {/* The server answers the same for every address, so nobody can probe which emails exist. */}
          <p className="mt-3 text-muted-foreground">{mutation.data.message || FORGOT_PASSWORD_ANSWER}</p>
          <Button asChild variant="outline" className="mt-8">
            <Link to={paths.login}>
              <ArrowLeft aria-hidden="true" /> Back to Sign In
            </Link>
          </Button>
        </div>
      </AuthShell>
    )
  }

  return (
    <AuthShell>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
        <KeyRound className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 mb-8 text-muted-foreground">Enter your account's email and we'll send you a link to choose a new one.</p>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <FormField id="email" label="Email" error={error}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setError(undefined)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('email', error)}
          />
        </FormField>
        {mutation.isError && (
          <p role="alert" className="rounded-xl bg-red-50 dark:bg-red-950/40 px-4 py-3 text-sm font-medium text-destructive">
            {describeError(mutation.error, 'Could not send the reset link. Please try again.')}
          </p>
        )}
        <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Link to={paths.login} className="text-center text-sm font-medium text-mint-700 dark:text-mint-400 hover:underline focus-visible:underline">
          Back to Sign In
        </Link>
      </form>
    </AuthShell>
  )
}
