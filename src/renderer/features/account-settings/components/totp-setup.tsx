import { useEffect, useState, type FormEvent } from 'react'
import { totpCodeSchema, type TotpSetupResponse } from '@shared/api/two-factor'
import { describedBy, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { describeError } from '@/lib/api-client'
import { useEnableTotp } from '../api/totp'

/** The secret in groups of four, as authenticator apps print it and people type it. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * Step two of setting up an authenticator app: its QR code (drawn here, in the browser: the secret never goes to a
 * QR service) and the key as text, then the first code, which turns two-factor on.
 */
export function TotpSetup({ setup, onEnabled, onCancel }: { setup: TotpSetupResponse; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const [qr, setQr] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const enable = useEnableTotp()

  useEffect(() => {
    let current = true
    // the QR encoder loads only for the people who set an app up
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(setup.otpauthUri, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((url) => current && setQr(url))
    return () => {
      current = false
    }
  }, [setup.otpauthUri])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = totpCodeSchema.safeParse(code)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      document.getElementById('totp-code')?.focus()
      return
    }
    setError(undefined)
    enable.mutate(parsed.data, {
      onSuccess: onEnabled,
      onError: (failure) => {
        setError(describeError(failure, 'That code did not work. Please try again.'))
        document.getElementById('totp-code')?.focus()
      },
    })
  }

  return (
    <div className="grid gap-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator…) and add an account.</li>
        <li>Scan this QR code, or type in the key below it.</li>
        <li>Type the 6-digit code the app shows for Handover.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="flex size-[200px] shrink-0 items-center justify-center rounded-xl border bg-white p-1">
          {qr ? (
            <img src={qr} width={192} height={192} alt="QR code for your authenticator app" />
          ) : (
            <span className="text-xs text-muted-foreground">Drawing the QR code…</span>
          )}
        </div>
        <div className="min-w-0">
          <p className="text-sm font-medium">Or type this key</p>
          <p className="mt-1 font-mono text-base break-all select-all" data-testid="totp-secret">
            {groupSecret(setup.secret)}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-xs" aria-label="Confirm authenticator app">
        <FormField id="totp-code" label="Code from the app" error={error}>
          <OneTimeCodeInput
            id="totp-code"
            placeholder="123456"
            value={code}
            onCodeChange={(next) => {
              setCode(next)
              setError(undefined)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('totp-code', error)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={enable.isPending}>
            {enable.isPending ? 'Checking…' : 'Turn on'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  )
}
