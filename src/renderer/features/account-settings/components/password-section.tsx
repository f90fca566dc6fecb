import { useState, type FormEvent } from 'react'
import { passwordChangeRequestSchema, type PasswordChangeRequest } from '@shared/api/account-settings'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { useChangePassword } from '../api/change-password'
import { FormAlert, SettingsSection } from './settings-section'

type Field = keyof PasswordChangeRequest

const EMPTY: PasswordChangeRequest = { currentPassword: '', newPassword: '', confirmPassword: '' }

const FIELDS: { field: Field; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
]

/** The current password, then the new one twice; every other device is signed out, this one stays. */
export function PasswordSection() {
  const [values, setValues] = useState<PasswordChangeRequest>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<PasswordChangeRequest>>({})
  const change = useChangePassword()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(passwordChangeRequestSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.errors) {
      document.getElementById(`password-${Object.keys(checked.errors)[0]}`)?.focus()
      return
    }
    change.mutate(checked.data, {
      onSuccess: (done) => {
        setValues(EMPTY)
        const others = done.endedSessions === 1 ? '1 other device was' : `${done.endedSessions} other devices were`
        toast({
          variant: 'success',
          title: 'Password changed',
          description: done.endedSessions > 0 ? `${others} signed out.` : 'You stay signed in here.',
        })
      },
    })
  }

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  return (
    <SettingsSection id="password" title="Password" description="Changing it signs you out on every other device; you stay signed in here.">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change password">
        <div className="grid items-start gap-4 sm:grid-cols-3">
          {FIELDS.map(({ field, label, autoComplete }) => (
            <FormField key={field} id={`password-${field}`} label={label} error={errors[field]}>
              <PasswordInput
                id={`password-${field}`}
                name={field}
                autoComplete={autoComplete}
                value={values[field]}
                onChange={(e) => set(field, e.target.value)}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={describedBy(`password-${field}`, errors[field])}
              />
            </FormField>
          ))}
        </div>
        {change.isError && <FormAlert>{describeError(change.error, 'Your password could not be changed. Please try again.')}</FormAlert>}
        <Button type="submit" variant="primary" disabled={change.isPending} className="sm:justify-self-start">
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  )
}
