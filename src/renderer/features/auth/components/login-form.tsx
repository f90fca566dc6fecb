import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { loginRequestSchema, type LoginRequest } from '@shared/api/auth'
import type { TwoFactorChallenge } from '@shared/api/two-factor'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { SecondFactorForm } from '@/components/second-factor-form'
import { verifySecondFactor } from '@/lib/auth'
import { useLogin } from '../api/login'
import { AUTH_TOASTS, toastFailure, toastSuccess } from '../lib/auth-toasts'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { CredentialFields } from '@/components/credential-fields'

export function LoginForm({ onSignedIn }: { onSignedIn: (user: unknown) => void }) {
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<LoginRequest>>({})
  // the password was right and the account has two-factor on: the code step, with the methods it may use
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)
  const signedIn = (user: unknown) => {
    toastSuccess(AUTH_TOASTS.welcomeBack)
    onSignedIn(user)
  }
  const mutation = useLogin({
    onSuccess: (data) => {
      if ('requiresTwoFactor' in data) setChallenge(data)
      else signedIn(data.user)
    },
    onError: (error) => toastFailure(AUTH_TOASTS.loginFailed, error),
  })

  if (challenge) {
    return (
      <div className="grid gap-5">
        <p className="text-sm text-muted-foreground">Two-factor sign-in is on for this account. Confirm it is you to finish signing in.</p>
        <SecondFactorForm
          methods={challenge.methods}
          submitLabel="Verify and Sign In"
          onSubmit={async (input) => signedIn((await verifySecondFactor(input)).user)}
        />
        <button
          type="button"
          onClick={() => {
            setChallenge(null)
            setValues((v) => ({ ...v, password: '' }))
          }}
          className="justify-self-start text-sm text-muted-foreground hover:underline focus-visible:underline"
        >
          Start again with another account
        </button>
      </div>
    )
  }

  const update = (field: keyof LoginRequest) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(loginRequestSchema, values)
    setErrors(result.errors ?? {})
    if (result.data) mutation.mutate(result.data)
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <CredentialFields values={values} errors={errors} onChange={(field, value) => update(field)(value)} />
      <Button type="submit" size="lg" disabled={mutation.isPending} className="mt-1 w-full">
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      {/* after the button, on screen as in the Tab order: the fields lead straight to Sign In */}
      <Link
        to={paths.forgotPassword}
        className="justify-self-center text-sm font-medium text-mint-700 dark:text-mint-400 hover:underline focus-visible:underline"
      >
        Forgot your password?
      </Link>
    </form>
  )
}
