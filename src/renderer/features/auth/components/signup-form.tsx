import { useState, type FormEvent } from 'react'
import { AUTH_MESSAGES, signupRequestSchema, type SignupRequest } from '@shared/api/auth'
import { USERNAME_MAX, USERNAME_MIN } from '@shared/constants'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useSignup, type SignupResult } from '../api/signup'
import { AUTH_TOASTS, toastFailure } from '../lib/auth-toasts'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'
import { ApiError } from '@/lib/api-client'

export const EMPTY_SIGNUP: SignupRequest = { username: '', email: '', password: '', confirmPassword: '' }

/** The server's reasons to refuse a password (the form itself shows no strength rule, SPEC §5). */
const PASSWORD_REFUSALS: readonly string[] = [AUTH_MESSAGES.passwordShort, AUTH_MESSAGES.passwordCommon, AUTH_MESSAGES.passwordPersonal]

interface SignupFormProps {
  /** Kept by the parent so "Back to signup" from the verify step finds the form as it was left. */
  values: SignupRequest
  onChange: (values: SignupRequest) => void
  onSignedUp: (result: SignupResult, input: SignupRequest) => void
}

export function SignupForm({ values, onChange, onSignedUp }: SignupFormProps) {
  const [errors, setErrors] = useState<FieldErrors<SignupRequest>>({})
  const mutation = useSignup({
    onSuccess: onSignedUp,
    onError: (error) => {
      toastFailure(AUTH_TOASTS.signupFailed, error)
      // a refused password is also said under its field, where the person will fix it
      const refusal = error instanceof ApiError ? error.serverMessage : undefined
      if (refusal && PASSWORD_REFUSALS.includes(refusal)) setErrors({ password: refusal })
    },
  })

  const field = (name: keyof SignupRequest) => ({
    id: name,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      onChange({ ...values, [name]: e.target.value })
      setErrors((current) => ({ ...current, [name]: undefined }))
    },
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, errors[name]),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(signupRequestSchema, values)
    setErrors(result.errors ?? {})
    if (result.data) mutation.mutate(result.data)
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField
        id="username"
        label="Username"
        error={errors.username}
        hint={`${USERNAME_MIN}–${USERNAME_MAX} characters: letters, digits, dots, dashes, underscores.`}
      >
        <Input {...field('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField id="email" label="Email" error={errors.email}>
        <Input {...field('email')} type="email" autoComplete="email" inputMode="email" />
      </FormField>
      <FormField id="password" label="Password" error={errors.password}>
        <PasswordInput {...field('password')} autoComplete="new-password" />
      </FormField>
      <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput {...field('confirmPassword')} autoComplete="new-password" />
      </FormField>
      <Button type="submit" size="lg" disabled={mutation.isPending} className="mt-1 w-full">
        {mutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
