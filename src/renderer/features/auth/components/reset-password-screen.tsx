import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { CircleCheck, KeyRound } from 'lucide-react'
import { AUTH_MESSAGES, resetPasswordRequestSchema } from '@shared/api/auth'
import { describeError } from '@/lib/api-client'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { Button } from '@/components/ui/button'
import { useResetPassword } from '../api/password-recovery'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { AuthShell } from './auth-shell'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'

type ResetValues = { password: string; confirmPassword: string }

export function ResetPasswordScreen() {
  useSeo({ title: 'Reset Password | Handover', description: 'Choose a new password for your Handover account.', noIndex: true })
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const [values, setValues] = useState<ResetValues>({ password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<FieldErrors<ResetValues & { token: string }>>({})
  const mutation = useResetPassword()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(resetPasswordRequestSchema, { token, ...values })
    setErrors(result.errors ?? {})
    if (result.data) mutation.mutate(result.data)
  }

  const field = (name: keyof ResetValues) => ({
    id: name,
    name,
    value: values[name],
    autoComplete: 'new-password',
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }))
      setErrors((current) => ({ ...current, [name]: undefined }))
    },
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, errors[name]),
  })

  if (mutation.isSuccess) {
    return (
      <AuthShell>
        <div role="status" className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-mint-400 text-navy-950">
            <CircleCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight">Password changed</h1>
          <p className="mt-3 text-muted-foreground">{mutation.data.message}</p>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.login}>Sign In</Link>
          </Button>
        </div>
      </AuthShell>
    )
  }

  const serverError = mutation.isError ? describeError(mutation.error, AUTH_MESSAGES.invalidResetToken) : null
  const tokenError = token ? errors.token : AUTH_MESSAGES.invalidResetToken
  const problem = serverError ?? tokenError

  return (
    <AuthShell>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
        <KeyRound className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight">Choose a new password</h1>
      <p className="mt-2 mb-8 text-muted-foreground">Pick a strong password you don't use anywhere else.</p>
      {problem && (
        <div role="alert" className="mb-5 rounded-xl bg-red-50 dark:bg-red-950/40 px-4 py-3 text-sm font-medium text-destructive">
          {problem}{' '}
          <Link to={paths.forgotPassword} className="underline underline-offset-2">
            Request a new link
          </Link>
        </div>
      )}
      <form noValidate onSubmit={submit} className="grid gap-5">
        <FormField id="password" label="New Password" error={errors.password}>
          <PasswordInput {...field('password')} />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword}>
          <PasswordInput {...field('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" disabled={mutation.isPending || !token} className="w-full">
          {mutation.isPending ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
    </AuthShell>
  )
}
