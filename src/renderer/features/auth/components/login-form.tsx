import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { loginRequestSchema, type LoginRequest } from '@shared/api/auth'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useLogin } from '../api/login'
import { AUTH_TOASTS, toastFailure, toastSuccess } from '../lib/auth-toasts'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'

export function LoginForm({ onSignedIn }: { onSignedIn: (user: unknown) => void }) {
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<LoginRequest>>({})
  const mutation = useLogin({
    onSuccess: (data) => {
      toastSuccess(AUTH_TOASTS.welcomeBack)
      onSignedIn(data.user)
    },
    onError: (error) => toastFailure(AUTH_TOASTS.loginFailed, error),
  })

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
      <FormField id="username" label="Username" error={errors.username}>
        <Input
          id="username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => update('username')(e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy('username', errors.username)}
        />
      </FormField>
      <FormField
        id="password"
        label="Password"
        error={errors.password}
        labelAside={
          <Link to={paths.forgotPassword} className="text-sm font-medium text-mint-700 hover:underline focus-visible:underline focus-visible:outline-none">
            Forgot your password?
          </Link>
        }
      >
        <PasswordInput
          id="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => update('password')(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('password', errors.password)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={mutation.isPending} className="mt-1 w-full">
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
