import type { LoginRequest } from '@shared/api/auth'
import { Input } from '@/components/ui/input'
import type { FieldErrors } from '@/lib/field-errors'
import { describedBy, FormField } from './form-field'
import { PasswordInput } from './password-input'

interface CredentialFieldsProps {
  /** makes the fields' ids unique on a page; their labels stay "Username" and "Password" */
  idPrefix?: string
  values: LoginRequest
  errors: FieldErrors<LoginRequest>
  onChange: (field: keyof LoginRequest, value: string) => void
}

/** Username and password, with their errors, as every sign-in form asks for them. */
export function CredentialFields({ idPrefix = '', values, errors, onChange }: CredentialFieldsProps) {
  const usernameId = `${idPrefix}username`
  const passwordId = `${idPrefix}password`
  return (
    <>
      <FormField id={usernameId} label="Username" error={errors.username}>
        <Input
          id={usernameId}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => onChange('username', e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy(usernameId, errors.username)}
        />
      </FormField>
      <FormField id={passwordId} label="Password" error={errors.password}>
        <PasswordInput
          id={passwordId}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => onChange('password', e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy(passwordId, errors.password)}
        />
      </FormField>
    </>
  )
}
