import { useState } from 'react'
import { Switch } from 'radix-ui'
import { DEFAULT_PREFERENCES, type UserPreferences } from '@shared/api/account-settings'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { alertPermission, isDesktopApp, requestAlertPermission, type AlertPermission } from '@/lib/platform'
import { usePreferences, useUpdatePreferences } from '@/lib/preferences'
import { FormAlert, SettingsSection } from './settings-section'

type Key = keyof UserPreferences

const ROWS: { key: Key; label: string; description: string }[] = [
  { key: 'messageSound', label: 'Message sound', description: 'A chime when someone writes to you in a chat.' },
  { key: 'notificationSound', label: 'Notification sound', description: 'A chime for new notifications, and the sale sound when a buyer pays.' },
  {
    key: 'desktopNotifications',
    label: 'Desktop notifications',
    description: 'An alert from your system for new messages and notifications while Handover is in the background.',
  },
]

/** What the browser lets the desktop-notifications switch do, said next to it. */
function permissionHint(permission: AlertPermission, on: boolean): string | null {
  if (!on) return null
  if (permission === 'denied') return 'Your browser blocks notifications from this site. Allow them in the site settings of your browser to see them.'
  if (permission === 'unsupported') return 'This browser cannot show notifications; sounds and the in-page bell still work.'
  if (permission === 'default') return 'This browser has not been allowed to show notifications from Handover yet.'
  return null
}

/** Sounds and desktop alerts: stored on the server, so every browser and the desktop app follow them. */
export function PreferencesSection() {
  const preferences = usePreferences()
  const update = useUpdatePreferences()
  const [permission, setPermission] = useState<AlertPermission>(alertPermission)
  const values = preferences.data ?? DEFAULT_PREFERENCES

  // a browser asks only after a click: turning alerts on, or the Allow button below
  const askBrowser = () => void requestAlertPermission().then(setPermission)
  const toggle = (key: Key, on: boolean) => {
    update.mutate({ [key]: on })
    if (key === 'desktopNotifications' && on && !isDesktopApp()) askBrowser()
  }

  return (
    <SettingsSection
      id="notifications"
      title="Notifications and sounds"
      description="Saved to your account, so each browser you use and the desktop app follow them."
    >
      {preferences.isPending ? (
        <Skeleton className="h-48 rounded-xl" />
      ) : (
        <div className="grid gap-3">
          {ROWS.map(({ key, label, description }) => {
            const hint = key === 'desktopNotifications' ? permissionHint(permission, values[key]) : null
            return (
              <div key={key} className="flex items-start justify-between gap-4 rounded-xl border bg-background p-4">
                <div className="min-w-0">
                  <label htmlFor={`pref-${key}`} className="text-sm font-medium">
                    {label}
                  </label>
                  <p id={`pref-${key}-description`} className="mt-0.5 text-xs text-muted-foreground">
                    {description}
                    {hint && (
                      <span className="mt-1 block text-warning">
                        {hint}{' '}
                        {permission === 'default' && (
                          <button
                            type="button"
                            onClick={askBrowser}
                            className="font-semibold underline underline-offset-2 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          >
                            Allow notifications
                          </button>
                        )}
                      </span>
                    )}
                  </p>
                </div>
                <Switch.Root
                  id={`pref-${key}`}
                  checked={values[key]}
                  onCheckedChange={(on) => toggle(key, on)}
                  aria-describedby={`pref-${key}-description`}
                  className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-navy-200 dark:bg-navy-700 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=checked]:bg-mint-500"
                >
                  <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                </Switch.Root>
              </div>
            )
          })}
          {preferences.isError && (
            <FormAlert>{describeError(preferences.error, 'Your preferences could not be loaded; the switches show the defaults.')}</FormAlert>
          )}
          {update.isError && <FormAlert>{describeError(update.error, 'That change could not be saved. Please try again.')}</FormAlert>}
          <p className="text-xs text-muted-foreground">
            Security mail (codes, password and email changes) is always sent. Handover sends no other email.
          </p>
        </div>
      )}
    </SettingsSection>
  )
}
