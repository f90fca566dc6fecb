import { useState, type FormEvent } from 'react'
import { Trash2 } from 'lucide-react'
import { ACCOUNT_RULES, deleteAccountRequestSchema, type DeleteAccountRequest } from '@shared/api/account-settings'
import { describedBy, FormField } from '@/components/form-field'
import { PasswordInput } from '@/components/password-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { describeError } from '@/lib/api-client'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { useDeleteAccount } from '../api/delete-account'
import { FormAlert, SettingsSection } from './settings-section'

const EMPTY: DeleteAccountRequest = { password: '', confirmation: '' }
const WORD = ACCOUNT_RULES.deleteConfirmation

/**
 * Closing the account for good: the password and the typed word. The server refuses while a deal is open or
 * money is left, and says which.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const [values, setValues] = useState<DeleteAccountRequest>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<DeleteAccountRequest>>({})
  const remove = useDeleteAccount()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validate(deleteAccountRequestSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.errors) {
      document.getElementById(`delete-${Object.keys(checked.errors)[0]}`)?.focus()
      return
    }
    remove.mutate(checked.data, { onSuccess: onDeleted })
  }
  const set = (field: keyof DeleteAccountRequest, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  return (
    <SettingsSection
      id="delete-account"
      danger
      title="Delete account"
      description={
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>Your name, email and picture are removed, your listings come off sale, and you are signed out everywhere.</li>
          <li>Finish or cancel your open deals and withdraw your balance first; until then the account cannot be deleted.</li>
          <li>A deposit you pay after deleting, or that has not reached your balance yet, is not added to it: support refunds it to you.</li>
          <li>Records of past deals and payments are kept without your name, as the escrow requires. This cannot be undone.</li>
        </ul>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Delete account">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField id="delete-password" label="Current password" error={errors.password}>
            <PasswordInput
              id="delete-password"
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy('delete-password', errors.password)}
            />
          </FormField>
          <FormField id="delete-confirmation" label={`Type ${WORD} to confirm`} error={errors.confirmation}>
            <Input
              id="delete-confirmation"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={values.confirmation}
              onChange={(e) => set('confirmation', e.target.value)}
              aria-invalid={errors.confirmation ? true : undefined}
              aria-describedby={describedBy('delete-confirmation', errors.confirmation)}
            />
          </FormField>
        </div>
        {remove.isError && <FormAlert>{describeError(remove.error, 'Your account could not be deleted. Please try again.')}</FormAlert>}
        <Button type="submit" variant="destructive" disabled={remove.isPending} className="sm:justify-self-start">
          <Trash2 aria-hidden="true" /> {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </Button>
      </form>
    </SettingsSection>
  )
}
