import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/api-client'
import { passkeysSupported, stepUpWithPasskey } from '@/lib/passkeys'

/**
 * "Use a passkey" in the step-up dialog: confirms it is you with one of the account's passkeys instead of a typed
 * code (an account with passkeys only would otherwise spend a recovery code on every withdrawal).
 */
export function PasskeyStepUpButton({ onConfirmed }: { onConfirmed: () => void }) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!passkeysSupported()) return null

  const confirm = async () => {
    setPending(true)
    setError(null)
    try {
      await stepUpWithPasskey()
      onConfirmed()
    } catch (failure) {
      setError(describeError(failure, failure instanceof Error ? failure.message : 'Your passkey could not be used. Please try again.'))
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={pending} onClick={() => void confirm()}>
        <KeyRound aria-hidden="true" />
        {pending ? 'Waiting for your passkey…' : 'Use a passkey'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
