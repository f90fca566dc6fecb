import { Switch } from 'radix-ui'
import type { AdminAlertKind } from '@shared/ipc/contract'
import { Skeleton } from '@/components/ui/skeleton'
import { useCurrentUser, useIsAdmin } from '@/lib/auth'
import { isDesktopApp } from '@/lib/platform'
import { useDesktopSettings, useUpdateDesktopSettings } from '../api/desktop-settings'
import { FormAlert, SettingsSection } from './settings-section'

const ADMIN_ALERTS: { kind: AdminAlertKind; label: string; description: string }[] = [
  { kind: 'stuckPayment', label: 'Stuck payments', description: 'A payment that has waited too long for the provider.' },
  { kind: 'dispute', label: 'New disputes', description: 'A buyer or seller opened a dispute.' },
  { kind: 'withdrawal', label: 'Withdrawals waiting', description: 'A withdrawal request needs an admin.' },
  { kind: 'listingReview', label: 'Listings waiting for review', description: 'A new or changed listing needs checking.' },
]

/**
 * The desktop app's own settings, kept on this computer rather than on the account: whether it starts with the
 * computer and, for admins, which admin alerts it raises. Not shown on the website, which has neither.
 */
export function DesktopSection() {
  if (!isDesktopApp()) return null
  return <DesktopSettingsCard />
}

function DesktopSettingsCard() {
  const { isSignedIn } = useCurrentUser()
  const isAdmin = useIsAdmin(isSignedIn)
  const settings = useDesktopSettings()
  const update = useUpdateDesktopSettings()
  const values = settings.data

  return (
    <SettingsSection id="desktop" title="Desktop" description="For the Handover app on this computer only.">
      {settings.isPending ? (
        <Skeleton className="h-24 rounded-xl" />
      ) : values ? (
        <div className="grid gap-3">
          <SwitchRow
            id="desktop-open-at-login"
            label="Start Handover when I sign in to my computer"
            description="It starts in the background, so your messages and alerts arrive without opening it."
            checked={values.openAtLogin}
            onChange={(on) => update.mutate({ openAtLogin: on })}
          />
          {isAdmin && (
            <fieldset className="grid gap-3">
              <legend className="mt-2 mb-1 text-sm font-semibold">Admin alerts</legend>
              {ADMIN_ALERTS.map(({ kind, label, description }) => (
                <SwitchRow
                  key={kind}
                  id={`desktop-alert-${kind}`}
                  label={label}
                  description={description}
                  checked={values.adminAlerts[kind]}
                  onChange={(on) => update.mutate({ adminAlerts: { [kind]: on } })}
                />
              ))}
            </fieldset>
          )}
          {update.isError && <FormAlert>That change could not be saved. Please try again.</FormAlert>}
        </div>
      ) : (
        <FormAlert>The desktop settings could not be read. Restart Handover and try again.</FormAlert>
      )}
    </SettingsSection>
  )
}

interface SwitchRowProps {
  id: string
  label: string
  description: string
  checked: boolean
  onChange(on: boolean): void
}

function SwitchRow({ id, label, description, checked, onChange }: SwitchRowProps) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border bg-background p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-description`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-navy-200 dark:bg-navy-700 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=checked]:bg-mint-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  )
}
