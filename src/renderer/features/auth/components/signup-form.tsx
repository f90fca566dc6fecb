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

/**
 * The server's refusals that belong to one field, said under it too, where the person will fix them: its reasons to
 * refuse a password (the form itself shows no strength rule, SPEC §5) and a name or address already in use.
 */
const FIELD_OF_REFUSAL: ReadonlyMap<string, keyof SignupRequest> = new Map<string, keyof SignupRequest>([
  [AUTH_MESSAGES.passwordShort, 'password'],
  [AUTH_MESSAGES.passwordCommon, 'password'],
  [AUTH_MESSAGES.passwordPersonal, 'password'],
  [AUTH_MESSAGES.usernameTaken, 'username'],
  [AUTH_MESSAGES.emailTaken, 'email'],
])

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
      const refusal = error instanceof ApiError ? error.serverMessage : undefined
      const field = refusal ? FIELD_OF_REFUSAL.get(refusal) : undefined
      if (refusal && field) setErrors({ [field]: refusal })
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
