import { useState, type FormEvent } from 'react'
import { verifyEmailRequestSchema, type VerifyEmailRequest } from '@shared/api/auth'
import { RESEND_COOLDOWN_MS, VERIFICATION_CODE_LENGTH } from '@shared/constants'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { useResendVerification } from '../api/resend-verification'
import { useVerifyEmail } from '../api/verify-email'
import { useCountdown } from '@/hooks/use-countdown'
import { AUTH_TOASTS, toastFailure, toastSuccess } from '../lib/auth-toasts'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { describedBy, FormField } from '@/components/form-field'

interface VerifyFormProps {
  initialEmail: string
  onVerified: (user: unknown) => void
  onBack: () => void
}

export function VerifyForm({ initialEmail, onVerified, onBack }: VerifyFormProps) {
  const [values, setValues] = useState<VerifyEmailRequest>({ email: initialEmail, code: '' })
  const [errors, setErrors] = useState<FieldErrors<VerifyEmailRequest>>({})
  // the sign-up that opened this form has just sent a code, and the server refuses another for 60 s after it
  const cooldown = useCountdown(RESEND_COOLDOWN_MS)
  const verify = useVerifyEmail({
    onSuccess: (data) => onVerified(data.user),
    onError: (error) => toastFailure(AUTH_TOASTS.verifyFailed, error),
  })
  const resend = useResendVerification({
    onSuccess: () => {
      toastSuccess(AUTH_TOASTS.codeSent)
      cooldown.start(RESEND_COOLDOWN_MS)
    },
    onError: (error) => toastFailure(AUTH_TOASTS.resendFailed, error),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(verifyEmailRequestSchema, values)
    setErrors(result.errors ?? {})
    if (result.data) verify.mutate(result.data)
  }

  const requestNewCode = () => {
    const result = validate(verifyEmailRequestSchema.pick({ email: true }), values)
    setErrors(result.errors ?? {})
    if (result.data) resend.mutate(result.data.email)
  }

  const goBack = () => {
    setValues((v) => ({ ...v, code: '' }))
    onBack()
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField id="email" label="Email" error={errors.email}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email', errors.email)}
        />
      </FormField>
      <FormField id="code" label="Verification Code" error={errors.code} hint={`Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the email.`}>
        <OneTimeCodeInput
          id="code"
          name="code"
          // the form replaces the sign-up form the focus was in: the code is what comes next
          autoFocus
          placeholder="••••••"
          value={values.code}
          onCodeChange={(code) => {
            setValues((v) => ({ ...v, code }))
            setErrors((current) => ({ ...current, code: undefined }))
          }}
          className="h-14 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={describedBy('code', errors.code)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={verify.isPending} className="w-full">
        {verify.isPending ? 'Verifying...' : 'Verify & Create Account'}
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={goBack}>
          Back to signup
        </Button>
        <Button variant="outline" onClick={requestNewCode} disabled={cooldown.running || resend.isPending}>
          {cooldown.running ? `Resend in ${cooldown.secondsLeft}s` : 'Resend Code'}
        </Button>
      </div>
    </form>
  )
}
