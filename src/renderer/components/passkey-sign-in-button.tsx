import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import type { z } from 'zod'
import type { passkeySignInSchema } from '@shared/api/webauthn'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/api-client'
import { passkeysSupported, verifyWithPasskey } from '@/lib/passkeys'
import { cn } from '@/lib/utils'

type SignedInUser = z.infer<typeof passkeySignInSchema>['user']

interface PasskeySignInButtonProps {
  onSignedIn: (user: SignedInUser) => void | Promise<void>
  /** the admin form's: the server signs in admins only and answers with the admin flag */
  admin?: boolean
  className?: string
}

/**
 * "Sign in with a passkey", below a sign-in form: no username or password, the browser offers the passkeys it has
 * for this site. Hidden where the browser has no passkeys at all; a refusal is said under the button.
 */
export function PasskeySignInButton({ onSignedIn, admin = false, className }: PasskeySignInButtonProps) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!passkeysSupported()) return null

  const signIn = async () => {
    setPending(true)
    setError(null)
    try {
      const { user } = await verifyWithPasskey({ admin })
      await onSignedIn(user)
    } catch (failure) {
      setError(describeError(failure, failure instanceof Error ? failure.message : 'Your passkey could not be used. Please try again.'))
    } finally {
      setPending(false)
    }
  }

  return (
    <div className={cn('grid gap-3', className)}>
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={pending} onClick={() => void signIn()}>
        <KeyRound aria-hidden="true" />
        {pending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
