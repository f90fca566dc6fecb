import { LIVE_PLATFORMS } from '@shared/constants'
import { settingsSchema, type Settings, type SettingsUpdate } from '@shared/api/settings'
import { centsToDecimalString, decimalStringToCents, typedDollars } from '@shared/money'

/**
 * The settings form works in what people type: the fee in per cent, money in dollars, whole numbers as text.
 * The API stores basis points and cents; this file converts both ways, through decimal text, never floats
 * (5.25 % is 525 bps the same way $5.25 is 525 cents).
 */

type Platform = (typeof LIVE_PLATFORMS)[number]

export interface SettingsFormValues {
  listingApprovalRequired: boolean
  escrowFeePercent: string
  escrowFeeMinDollars: string
  welcomeBonusDollars: string
  reservationMinutes: string
  countdownDays: Record<Platform, string>
  maintenanceBanner: string
}

/** A form field: a top-level value or one platform's countdown ("countdownDays.youtube"). */
export type SettingsField = Exclude<keyof SettingsFormValues, 'countdownDays'> | `countdownDays.${Platform}`
export type SettingsFormErrors = Partial<Record<SettingsField, string>>

/** Which form field shows a problem the schema finds in a stored setting. */
const FIELD_OF: Record<Exclude<keyof Settings, 'countdownDays'>, SettingsField> = {
  listingApprovalRequired: 'listingApprovalRequired',
  escrowFeeBps: 'escrowFeePercent',
  escrowFeeMinCents: 'escrowFeeMinDollars',
  welcomeBonusCents: 'welcomeBonusDollars',
  reservationMinutes: 'reservationMinutes',
  maintenanceBanner: 'maintenanceBanner',
}

/** 500 → "5", 525 → "5.25", 550 → "5.5": a percentage reads best without trailing zeros. */
function percentText(bps: number): string {
  return centsToDecimalString(bps).replace(/\.?0+$/, '')
}

export function toFormValues(settings: Settings): SettingsFormValues {
  return {
    listingApprovalRequired: settings.listingApprovalRequired,
    escrowFeePercent: percentText(settings.escrowFeeBps),
    escrowFeeMinDollars: centsToDecimalString(settings.escrowFeeMinCents),
    welcomeBonusDollars: centsToDecimalString(settings.welcomeBonusCents),
    reservationMinutes: String(settings.reservationMinutes),
    countdownDays: Object.fromEntries(LIVE_PLATFORMS.map((p) => [p, String(settings.countdownDays[p])])) as Record<Platform, string>,
    maintenanceBanner: settings.maintenanceBanner,
  }
}

/** "$1,250.5" → 125050; null when it is not an amount with at most two decimals ("12,50" is not one). */
function cents(text: string): number | null {
  const plain = typedDollars(text)
  return plain === null ? null : decimalStringToCents(plain)
}

/** "2.5" or "2.5 %" → 250 basis points; a percentage has no thousands, so a comma ("2,5") is refused, not dropped. */
function basisPoints(text: string): number | null {
  const plain = text.trim().replace(/\s*%$/, '')
  return /^\d+(\.\d{1,2})?$/.test(plain) ? decimalStringToCents(plain) : null
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim()
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null
}

export type FormResult = { ok: true; settings: Settings } | { ok: false; errors: SettingsFormErrors }

/** The form's text as settings, checked by the same schema the server uses, with each problem on its field. */
export function readSettingsForm(values: SettingsFormValues): FormResult {
  const errors: SettingsFormErrors = {}
  /** Text that is not a number at all gets a message about typing; the schema then checks the number's range. */
  const typed = (field: SettingsField, value: number | null, message: string): number => {
    if (value === null) errors[field] = message
    return value ?? Number.NaN
  }
  const candidate = {
    listingApprovalRequired: values.listingApprovalRequired,
    escrowFeeBps: typed('escrowFeePercent', basisPoints(values.escrowFeePercent), 'Enter a percentage such as 5 or 2.5'),
    escrowFeeMinCents: typed('escrowFeeMinDollars', cents(values.escrowFeeMinDollars), 'Enter an amount in dollars such as 1 or 1.50'),
    welcomeBonusCents: typed('welcomeBonusDollars', cents(values.welcomeBonusDollars), 'Enter an amount in dollars such as 15 or 15.50'),
    reservationMinutes: typed('reservationMinutes', wholeNumber(values.reservationMinutes), 'Enter a whole number of minutes'),
    countdownDays: Object.fromEntries(
      LIVE_PLATFORMS.map((p) => [p, typed(`countdownDays.${p}`, wholeNumber(values.countdownDays[p]), 'Enter a whole number of days')]),
    ),
    maintenanceBanner: values.maintenanceBanner,
  }
  const parsed = settingsSchema.safeParse(candidate)
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, settings: parsed.data }
  for (const issue of parsed.error?.issues ?? []) {
    const [key, platform] = issue.path
    const field: SettingsField | undefined =
      key === 'countdownDays'
        ? typeof platform === 'string'
          ? (`countdownDays.${platform}` as SettingsField)
          : undefined
        : FIELD_OF[key as keyof typeof FIELD_OF]
    // a typing message already on the field says more than the schema's answer to NaN
    if (field && !errors[field]) errors[field] = issue.message
  }
  return { ok: false, errors }
}

/** Only the settings that differ from what was loaded: a save never undoes another admin's change to the rest. */
export function changedSettings(loaded: Settings, edited: Settings): SettingsUpdate {
  const patch: Record<string, unknown> = {}
  for (const key of Object.keys(edited) as (keyof Settings)[]) {
    if (JSON.stringify(edited[key]) !== JSON.stringify(loaded[key])) patch[key] = edited[key]
  }
  // only the platforms whose countdown changed, so another admin's change to another platform stays
  if (patch.countdownDays) {
    patch.countdownDays = Object.fromEntries(
      Object.entries(edited.countdownDays).filter(([platform, days]) => loaded.countdownDays[platform as keyof Settings['countdownDays']] !== days),
    )
  }
  return patch as SettingsUpdate
}
