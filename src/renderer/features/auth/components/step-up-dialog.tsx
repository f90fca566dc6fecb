import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { stepUpResponseSchema, twoFactorStatusSchema, type SecondFactorRequest, type TwoFactorMethod } from '@shared/api/two-factor'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { QuietBoundary } from '@/components/quiet-boundary'
import { api } from '@/lib/api'
import { setStepUpHandler } from '@/lib/api-client'

// The dialog and its forms (codes, passkeys) are their own chunk, fetched the first time a change asks for them.
const StepUpPrompt = lazy(() => import('./step-up-prompt').then((module) => ({ default: module.StepUpPrompt })))

/** Stands in for a prompt whose code could not be loaded: the refusal goes through to the screen that asked. */
function Unavailable({ onCancel }: { onCancel: () => void }) {
  useEffect(onCancel, [onCancel])
  return null
}

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

  const close = useCallback((ok: boolean) => {
    const done = settle.current
    settle.current = null
    setMethods(null)
    done?.(ok)
  }, [])

  const confirm = async (input: SecondFactorRequest) => {
    stepUpResponseSchema.parse(await api(twoFactorEndpoints.postAuth2faStepUp, { body: input }))
    close(true)
  }

  if (methods === null) return null
  const cancel = () => close(false)
  return (
    <QuietBoundary fallback={<Unavailable onCancel={cancel} />}>
      <Suspense fallback={null}>
        <StepUpPrompt methods={methods} onCancel={cancel} onSubmit={confirm} onPasskeyConfirmed={() => close(true)} />
      </Suspense>
    </QuietBoundary>
  )
}
