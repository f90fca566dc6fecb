import { useState, type FormEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { MAINTENANCE_BANNER_MAX, type Settings } from '@shared/api/settings'
import { LIVE_PLATFORMS } from '@shared/constants'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PLATFORMS } from '@/config/platforms'
import { describeError } from '@/lib/api-client'
import { toast } from '@/hooks/use-toast'
import { useSaveSettings } from '../api/admin-settings'
import {
  changedSettings,
  readSettingsForm,
  toFormValues,
  type SettingsField as Field,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '../lib/settings-form'
import { AffixInput, describedBy, SettingsField } from './settings-field'

/**
 * Every marketplace setting in one form. It starts from the stored settings (`settings`); the screen builds a
 * new form whenever a fresh copy arrives, so after a save it shows what the server now holds. Only the
 * settings that changed are sent.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const initial = toFormValues(settings)
  const [values, setValues] = useState<SettingsFormValues>(initial)
  const [errors, setErrors] = useState<SettingsFormErrors>({})
  const save = useSaveSettings()
  const dirty = JSON.stringify(values) !== JSON.stringify(initial)

  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))
  const text = (key: Exclude<keyof SettingsFormValues, 'countdownDays' | 'listingApprovalRequired'>) => ({
    id: `setting-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = readSettingsForm(values)
    if (!result.ok) {
      // committed at once, so the first marked field can take the focus (and come into view)
      flushSync(() => setErrors(result.errors))
      focusFirstProblem(event.currentTarget)
      return
    }
    setErrors({})
    const patch = changedSettings(settings, result.settings)
    if (Object.keys(patch).length === 0) return
    save.mutate(patch, {
      onSuccess: () => toast({ variant: 'success', title: 'Settings saved', description: 'The marketplace uses the new settings from now on.' }),
    })
  }

  const problems = Object.keys(errors).length
  return (
    <form onSubmit={submit} noValidate aria-label="Marketplace settings" className="grid gap-6">
      <Section id="settings-listings" title="Listings" description="Whether a new listing waits for an admin before it appears in the catalogue.">
        <div className="flex items-start gap-3 text-sm">
          <input
            id="setting-listingApprovalRequired"
            type="checkbox"
            checked={values.listingApprovalRequired}
            onChange={(e) => set('listingApprovalRequired', e.target.checked)}
            aria-describedby="setting-listingApprovalRequired-hint"
            className="mt-0.5 size-4 accent-mint-600"
          />
          <div>
            <label htmlFor="setting-listingApprovalRequired" className="font-medium">
              New listings need approval
            </label>
            <p id="setting-listingApprovalRequired-hint" className="text-muted-foreground">
              Off: listings go live as soon as they are created. On: a live listing whose platform or handle changes is reviewed again.
            </p>
          </div>
        </div>
      </Section>

      <Section
        id="settings-fee"
        title="Escrow fee"
        description="What the buyer pays on top of the price: a share of it, but never less than the minimum."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <UnitField
            field="escrowFeePercent"
            label="Fee"
            suffix="%"
            hint="0 to 50 %, up to two decimals"
            errors={errors}
            input={text('escrowFeePercent')}
          />
          <UnitField
            field="escrowFeeMinDollars"
            label="Minimum fee"
            prefix="$"
            hint="In dollars"
            errors={errors}
            input={text('escrowFeeMinDollars')}
          />
        </div>
      </Section>

      <Section
        id="settings-deals"
        title="Deals"
        description="How long a purchase holds a listing before payment, and how long each platform's transfer countdown runs before the money is released."
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <UnitField
            field="reservationMinutes"
            label="Reservation"
            suffix="minutes"
            hint="5 to 1,440"
            inputMode="numeric"
            errors={errors}
            input={text('reservationMinutes')}
          />
        </div>
        <fieldset className="mt-5">
          <legend className="text-sm font-medium">Countdown per platform</legend>
          <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {LIVE_PLATFORMS.map((platform) => (
              <UnitField
                key={platform}
                field={`countdownDays.${platform}`}
                label={PLATFORMS[platform].label}
                suffix="days"
                inputMode="numeric"
                errors={errors}
                input={{
                  id: `setting-countdown-${platform}`,
                  value: values.countdownDays[platform],
                  onChange: (e) => set('countdownDays', { ...values.countdownDays, [platform]: e.target.value }),
                }}
              />
            ))}
          </div>
          <p className="mt-2 text-xs text-muted-foreground">1 to 60 days. A running deal keeps the countdown it started with.</p>
        </fieldset>
      </Section>

      <Section id="settings-accounts" title="New accounts" description="Credited to every account when it is created. Set it to 0 for no bonus.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <UnitField
            field="welcomeBonusDollars"
            label="Welcome bonus"
            prefix="$"
            hint="$0 to $1,000"
            errors={errors}
            input={text('welcomeBonusDollars')}
          />
        </div>
      </Section>

      <Section
        id="settings-banner"
        title="Maintenance banner"
        description="Shown under the header on every page until the visitor closes it. Leave it empty to show nothing."
      >
        <SettingsField
          id="setting-maintenanceBanner"
          label="Banner text"
          error={errors.maintenanceBanner}
          hint={`${values.maintenanceBanner.length} / ${MAINTENANCE_BANNER_MAX}`}
        >
          <textarea
            {...text('maintenanceBanner')}
            rows={3}
            aria-invalid={errors.maintenanceBanner ? true : undefined}
            aria-describedby={describedBy('setting-maintenanceBanner', errors.maintenanceBanner, true)}
            placeholder="Payouts are paused tonight from 22:00 to 23:00 UTC for maintenance."
            className="w-full rounded-xl border border-input bg-card p-3 text-sm outline-none focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive"
          />
        </SettingsField>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur">
        <div role="alert" className="mr-auto text-sm font-medium text-destructive">
          {problems > 0 && `Please fix ${problems === 1 ? 'the highlighted setting' : `the ${problems} highlighted settings`}.`}
          {problems === 0 && save.error && describeError(save.error, 'The settings could not be saved. Please try again.')}
        </div>
        <Button
          variant="outline"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setValues(initial)
            setErrors({})
            save.reset()
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="primary" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}

/** The first field marked invalid, in the middle of the screen: the sticky header would hide one at the top. */
function focusFirstProblem(form: HTMLFormElement) {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (!field) return
  field.focus({ preventScroll: true })
  if (typeof field.scrollIntoView === 'function') field.scrollIntoView({ block: 'center' })
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card role="group" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

interface UnitFieldProps {
  field: Field
  label: string
  hint?: string
  prefix?: string
  suffix?: string
  inputMode?: 'decimal' | 'numeric'
  errors: SettingsFormErrors
  input: { id: string; value: string; onChange: (e: { target: { value: string } }) => void }
}

/** A number typed as text with its unit (a sum of money, a percentage, days, minutes). */
function UnitField({ field, label, hint, prefix, suffix, inputMode = 'decimal', errors, input }: UnitFieldProps) {
  const error = errors[field]
  return (
    <SettingsField id={input.id} label={label} hint={hint} error={error}>
      <AffixInput
        {...input}
        prefix={prefix}
        suffix={suffix}
        inputMode={inputMode}
        invalid={Boolean(error)}
        aria-describedby={describedBy(input.id, error, Boolean(hint))}
      />
    </SettingsField>
  )
}
