import { useState, type FormEvent } from 'react'
import { passkeyNameSchema, PASSKEY_NAME_MAX, type PasskeyAdded } from '@shared/api/webauthn'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { ApiError, describeError } from '@/lib/api-client'
import { useAddPasskey } from '../api/add-passkey'
import { FormAlert } from './settings-section'

interface AddPasskeyFormProps {
  /** what the name field starts with ("Passkey 2"): most people keep it */
  suggestedName: string
  onAdded: (added: PasskeyAdded) => void
  onCancel: () => void
}

/**
 * A name for the new passkey, then the browser's own prompt. While two-factor is off the server also wants the
 * password (a passkey is a way in that outlives a password reset); the field shows once it asks.
 */
export function AddPasskeyForm({ suggestedName, onAdded, onCancel }: AddPasskeyFormProps) {
  const [name, setName] = useState(suggestedName)
  const [password, setPassword] = useState('')
  const [needsPassword, setNeedsPassword] = useState(false)
  const [nameError, setNameError] = useState<string | undefined>()
  const add = useAddPasskey()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = passkeyNameSchema.safeParse(name)
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message)
      document.getElementById('passkey-name')?.focus()
      return
    }
    add.mutate(
      { name: checked.data, password: needsPassword ? password : undefined },
      {
        onSuccess: onAdded,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'password_required') {
            setNeedsPassword(true)
            // the field appears on the next render; the message above it says why
            setTimeout(() => document.getElementById('passkey-password')?.focus())
          }
        },
      },
    )
  }

  const asked = add.error instanceof ApiError && add.error.code === 'password_required' ? add.error.message : null
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-xl border p-4" aria-label="Add a passkey">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          id="passkey-name"
          label="Passkey name"
          error={nameError}
          hint="Which device or password manager holds it, so you can tell your passkeys apart."
        >
          <Input
            id="passkey-name"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.target.value)
              setNameError(undefined)
            }}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={describedBy('passkey-name', nameError)}
          />
        </FormField>
        {needsPassword && (
          <FormField id="passkey-password" label="Current password" hint="Asked because two-factor sign-in is off.">
            <PasswordInput id="passkey-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
        )}
      </div>
      {add.isError && !asked && (
        <FormAlert>{describeError(add.error, add.error.message || 'The passkey could not be added. Please try again.')}</FormAlert>
      )}
      {asked && <p className="text-sm text-muted-foreground">{asked}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={onCancel} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your passkey…' : 'Continue'}
        </Button>
      </div>
    </form>
  )
}
