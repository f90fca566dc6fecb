import { useState } from 'react'
import { KeyRound, Plus } from 'lucide-react'
import { formatRelativeTime } from '@shared/format'
import type { PasskeyDto } from '@shared/api/webauthn'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { formatDateTime, formatLongDate } from '@/lib/dates'
import { passkeysSupported } from '@/lib/passkeys'
import { serverNow } from '@/lib/server-clock'
import { usePasskeys } from '../api/get-passkeys'
import { useTwoFactor } from '../api/get-two-factor'
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes'
import { AddPasskeyForm } from './add-passkey-form'
import { RecoveryCodes } from './recovery-codes'
import { RemovePasskeyButton } from './remove-passkey-button'
import { FormAlert, SettingsSection } from './settings-section'

/**
 * Settings → Passkeys: sign in with the device's fingerprint, face or PIN instead of the password, and as the second
 * factor after it. Lists each with when it was added and last used; adds one (a name, then the browser's prompt);
 * removes one after asking. The first one turns two-factor on, and its recovery codes are shown here, once.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys()
  const twoFactor = useTwoFactor()
  const regenerate = useRegenerateRecoveryCodes()
  const [adding, setAdding] = useState(false)
  const [codes, setCodes] = useState<string[] | null>(null)
  const supported = passkeysSupported()
  const list = passkeys.data

  let body
  if (passkeys.isPending) body = <Skeleton className="h-24 rounded-xl" />
  else if (passkeys.isError || !list)
    body = <FormAlert>{describeError(passkeys.error, 'Your passkeys could not be loaded. Please reload the page.')}</FormAlert>
  else if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
  else {
    // nothing but this passkey protects the account: removing it turns two-factor off
    const lastFactor = list.length === 1 && twoFactor.data?.totp === false
    // with the authenticator app on, its section renews the codes; with passkeys alone, this one does
    const codesHere = list.length > 0 && twoFactor.data?.enabled === true && !twoFactor.data.totp
    body = (
      <div className="grid gap-4">
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y rounded-xl border">
            {list.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} lastFactor={lastFactor} />
            ))}
          </ul>
        )}
        {codesHere && (
          <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="text-muted-foreground">{twoFactor.data?.recoveryCodesLeft} of 10 recovery codes left, for when no passkey is at hand.</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={regenerate.isPending}
              onClick={() => regenerate.mutate(undefined, { onSuccess: setCodes })}
            >
              {regenerate.isPending ? 'Making codes…' : 'New recovery codes'}
            </Button>
          </div>
        )}
        {regenerate.isError && <FormAlert>{describeError(regenerate.error, 'New recovery codes could not be made. Please try again.')}</FormAlert>}
        {!supported ? (
          <p className="text-sm text-muted-foreground">This browser cannot create passkeys. Open Settings in a browser that can to add one.</p>
        ) : adding ? (
          <AddPasskeyForm
            suggestedName={`Passkey ${list.length + 1}`}
            onCancel={() => setAdding(false)}
            onAdded={(added) => {
              setAdding(false)
              if (added.recoveryCodes) setCodes(added.recoveryCodes)
              toast({
                variant: 'success',
                title: 'Passkey added',
                description: added.recoveryCodes
                  ? 'Two-factor sign-in is now on. Save your recovery codes.'
                  : `“${added.passkey.name}” can now sign you in.`,
              })
            }}
          />
        ) : (
          <Button type="button" variant="outline" className="sm:justify-self-start" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add a passkey
          </Button>
        )}
      </div>
    )
  }

  return (
    <SettingsSection
      id="passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of your password. A passkey is also a second factor: adding your first one turns two-factor sign-in on."
    >
      {body}
    </SettingsSection>
  )
}

function PasskeyItem({ passkey, lastFactor }: { passkey: PasskeyDto; lastFactor: boolean }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" aria-label={passkey.name}>
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-navy-700 dark:text-navy-200">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">{passkey.name}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground sm:gap-x-4">
            <dt className="font-medium text-navy-700 dark:text-navy-200">Added</dt>
            <dd>
              <time dateTime={passkey.createdAt}>{formatLongDate(passkey.createdAt)}</time>
            </dd>
            <dt className="font-medium text-navy-700 dark:text-navy-200">Last used</dt>
            <dd>
              {passkey.lastUsedAt ? (
                <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)}>
                  {formatRelativeTime(passkey.lastUsedAt, new Date(serverNow()))}
                </time>
              ) : (
                'Never'
              )}
            </dd>
          </dl>
        </div>
      </div>
      <RemovePasskeyButton passkey={passkey} lastFactor={lastFactor} />
    </li>
  )
}
