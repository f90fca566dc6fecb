import { useEffect, useRef, useState } from 'react'
import { ShieldCheck } from 'lucide-react'
import { stepUpResponseSchema, twoFactorStatusSchema, type SecondFactorRequest, type TwoFactorMethod } from '@shared/api/two-factor'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { SecondFactorForm } from '@/components/second-factor-form'
import { PasskeyStepUpButton } from '@/components/passkey-step-up-button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { api } from '@/lib/api'
import { setStepUpHandler } from '@/lib/api-client'

/** What the account can confirm with, from GET /api/auth/2fa. */
async function methodsOf(): Promise<TwoFactorMethod[]> {
  const status = twoFactorStatusSchema.safeParse(await api(twoFactorEndpoints.getAuth2fa).catch(() => null))
  if (!status.success) return ['totp', 'recovery']
  const { totp, passkeys, recoveryCodesLeft } = status.data
  return [
    ...(totp ? (['totp'] as const) : []),
    ...(passkeys > 0 ? (['webauthn'] as const) : []),
    ...(recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
  ]
}

/**
 * The one place a money or identity change asks for a fresh second factor: any request the server refuses with
 * `two_factor_required` opens this, and is sent again once the server took a code. Dismissing it lets the
 * refusal through to the screen that asked, which shows its message as for any other error.
 */
export function StepUpDialog() {
  const [methods, setMethods] = useState<TwoFactorMethod[] | null>(null)
  const settle = useRef<((ok: boolean) => void) | null>(null)

  useEffect(
    () =>
      setStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            // a second refusal while the dialog is open waits for the same answer
            const earlier = settle.current
            settle.current = (ok) => {
              earlier?.(ok)
              resolve(ok)
            }
            void methodsOf().then(setMethods)
          }),
      ),
    [],
  )

  const close = (ok: boolean) => {
    const done = settle.current
    settle.current = null
    setMethods(null)
    done?.(ok)
  }

  const confirm = async (input: SecondFactorRequest) => {
    stepUpResponseSchema.parse(await api(twoFactorEndpoints.postAuth2faStepUp, { body: input }))
    close(true)
  }

  return (
    <Dialog open={methods !== null} onOpenChange={(open) => !open && close(false)}>
      <DialogContent closeLabel="Cancel">
        <ShieldCheck className="size-8 text-mint-600 dark:text-mint-400" aria-hidden="true" />
        <DialogTitle>Confirm it is you</DialogTitle>
        <DialogDescription>
          Two-factor sign-in is on for your account, so money leaving it and changes to how you sign in need a fresh second factor: a code from your
          authenticator app, a recovery code, or a passkey. It is asked again after 5 minutes.
        </DialogDescription>
        {methods && (
          <SecondFactorForm
            idPrefix="step-up-"
            methods={methods}
            submitLabel="Confirm"
            onSubmit={confirm}
            alternative={methods.includes('webauthn') ? <PasskeyStepUpButton onConfirmed={() => close(true)} /> : undefined}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
