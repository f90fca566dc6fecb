import { useState, type FormEvent, type ReactNode } from 'react'
import { recoveryCodeSchema, totpCodeSchema, type SecondFactorRequest, type TwoFactorMethod } from '@shared/api/two-factor'
import { describedBy, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { OneTimeCodeInput } from './one-time-code-input'

interface SecondFactorFormProps {
  /** what the account has; the recovery-code switch shows only when it has codes left */
  methods: readonly TwoFactorMethod[]
  /** sends the code; a rejection's message is shown under the field */
  onSubmit: (input: SecondFactorRequest) => Promise<void>
  submitLabel: string
  /** another way to finish (a passkey button), shown below the form */
  alternative?: ReactNode
  /** ids stay unique when two forms could be on one page */
  idPrefix?: string
}

/**
 * The second step of a sign-in, and a step-up before money or identity changes: a code from the authenticator app,
 * or one of the recovery codes. A wrong code keeps what was typed and says why under the field.
 */
export function SecondFactorForm({ methods, onSubmit, submitLabel, alternative, idPrefix = '' }: SecondFactorFormProps) {
  const hasApp = methods.includes('totp')
  const [mode, setMode] = useState<'totp' | 'recovery'>(hasApp ? 'totp' : 'recovery')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const id = `${idPrefix}second-factor-${mode}`
  const canSwitch = hasApp && methods.includes('recovery')
  const typed = hasApp || methods.includes('recovery')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = (mode === 'totp' ? totpCodeSchema : recoveryCodeSchema).safeParse(value)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      document.getElementById(id)?.focus()
      return
    }
    setPending(true)
    setError(undefined)
    try {
      await onSubmit(mode === 'totp' ? { code: parsed.data } : { recoveryCode: parsed.data })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'That did not work. Please try again.')
      document.getElementById(id)?.focus()
    } finally {
      setPending(false)
    }
  }

  const change = (next: string) => {
    setValue(next)
    setError(undefined)
  }

  const switchMode = () => {
    setMode((m) => (m === 'totp' ? 'recovery' : 'totp'))
    setValue('')
    setError(undefined)
  }

  return (
    <div className="grid gap-4">
      {typed && (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Second factor">
          <FormField
            id={id}
            label={mode === 'totp' ? 'Authentication code' : 'Recovery code'}
            error={error}
            hint={
              mode === 'totp'
                ? 'The 6-digit code your authenticator app shows for Handover.'
                : 'One of the codes you saved when you turned two-factor on. Each works once.'
            }
          >
            {mode === 'totp' ? (
              <OneTimeCodeInput
                id={id}
                name="code"
                autoFocus
                placeholder="123456"
                value={value}
                onCodeChange={change}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, error)}
              />
            ) : (
              <Input
                id={id}
                name="recoveryCode"
                autoFocus
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                // room for spaces around a pasted code and its dash (the schema drops them); 11 cut "abcde - fghij" short
                maxLength={40}
                placeholder="xxxxx-xxxxx"
                value={value}
                onChange={(e) => change(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, error)}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            {pending ? 'Checking…' : submitLabel}
          </Button>
          {canSwitch && (
            <button
              type="button"
              onClick={switchMode}
              className="justify-self-start text-sm font-medium text-mint-700 hover:underline focus-visible:underline dark:text-mint-400"
            >
              {mode === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
            </button>
          )}
        </form>
      )}
      {alternative}
    </div>
  )
}
