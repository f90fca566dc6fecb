import type { ComponentProps } from 'react'
import { VERIFICATION_CODE_LENGTH } from '@shared/constants'
import { Input } from '@/components/ui/input'

/** The first six digits of what was typed or pasted; spaces, dashes and other characters go first. */
export function keepCodeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH)
}

type OneTimeCodeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength' | 'type'> & {
  value: string
  /** the code as kept: digits only, at most six */
  onCodeChange: (code: string) => void
}

/**
 * A field for a 6-digit code, emailed or from an authenticator app. It has no `maxLength`: the browser would cut a
 * pasted "123 456" to "123 45" before the space is dropped, and the code would lose a digit.
 */
export function OneTimeCodeInput({ onCodeChange, ...props }: OneTimeCodeInputProps) {
  return <Input inputMode="numeric" autoComplete="one-time-code" {...props} onChange={(e) => onCodeChange(keepCodeDigits(e.target.value))} />
}
