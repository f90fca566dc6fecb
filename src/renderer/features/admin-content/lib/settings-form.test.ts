import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/api/settings'
import { changedSettings, readSettingsForm, toFormValues } from './settings-form'

describe('settings form values', () => {
  it('shows the fee in per cent and money in dollars', () => {
    const values = toFormValues({ ...DEFAULT_SETTINGS, escrowFeeBps: 525, escrowFeeMinCents: 150, welcomeBonusCents: 1500 })
    expect(values).toMatchObject({ escrowFeePercent: '5.25', escrowFeeMinDollars: '1.50', welcomeBonusDollars: '15.00', reservationMinutes: '30' })
    expect(toFormValues(DEFAULT_SETTINGS).escrowFeePercent).toBe('5')
    expect(toFormValues({ ...DEFAULT_SETTINGS, escrowFeeBps: 550 }).escrowFeePercent).toBe('5.5')
    expect(toFormValues({ ...DEFAULT_SETTINGS, escrowFeeBps: 0 }).escrowFeePercent).toBe('0')
  })

  it('reads typed text back into basis points and cents without floating-point drift', () => {
    const values = { ...toFormValues(DEFAULT_SETTINGS), escrowFeePercent: '7.35', escrowFeeMinDollars: '$1,000', welcomeBonusDollars: '0.29' }
    const result = readSettingsForm(values)
    expect(result).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, escrowFeeBps: 735, escrowFeeMinCents: 100_000, welcomeBonusCents: 29 } })
    expect(readSettingsForm(toFormValues(DEFAULT_SETTINGS))).toEqual({ ok: true, settings: DEFAULT_SETTINGS })
  })

  it('refuses a comma in the fee rather than dropping it (2,5 % was saved as 25 %), and takes it as thousands in dollars', () => {
    const base = toFormValues(DEFAULT_SETTINGS)
    const result = readSettingsForm({ ...base, escrowFeePercent: '2,5', escrowFeeMinDollars: '1,50', welcomeBonusDollars: '15,00' })
    expect(result).toEqual({
      ok: false,
      errors: {
        escrowFeePercent: 'Enter a percentage such as 5 or 2.5',
        escrowFeeMinDollars: 'Enter an amount in dollars such as 1 or 1.50',
        welcomeBonusDollars: 'Enter an amount in dollars such as 15 or 15.50',
      },
    })
    expect(readSettingsForm({ ...base, escrowFeePercent: '2.5 %', escrowFeeMinDollars: '$1,000' })).toEqual({
      ok: true,
      settings: { ...DEFAULT_SETTINGS, escrowFeeBps: 250, escrowFeeMinCents: 100_000 },
    })
  })

  it('puts each problem on its field: typing first, then the shared rules', () => {
    const base = toFormValues(DEFAULT_SETTINGS)
    const result = readSettingsForm({
      ...base,
      escrowFeePercent: '51',
      escrowFeeMinDollars: 'one dollar',
      welcomeBonusDollars: '1000.01',
      reservationMinutes: '2.5',
      countdownDays: { ...base.countdownDays, tiktok: '0', telegram: '' },
      maintenanceBanner: 'x'.repeat(301),
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        escrowFeePercent: 'The escrow fee is at most 50 %',
        escrowFeeMinDollars: 'Enter an amount in dollars such as 1 or 1.50',
        welcomeBonusDollars: 'The welcome bonus is at most $1,000',
        reservationMinutes: 'Enter a whole number of minutes',
        'countdownDays.tiktok': 'A countdown is at least 1 day',
        'countdownDays.telegram': 'Enter a whole number of days',
        maintenanceBanner: 'The maintenance banner is at most 300 characters',
      },
    })
  })

  it('sends only what differs from what was loaded', () => {
    const edited = { ...DEFAULT_SETTINGS, escrowFeeBps: 600, countdownDays: { ...DEFAULT_SETTINGS.countdownDays, youtube: 14 } }
    // of the countdowns, only the platform that changed: another admin's change to another platform stays
    expect(changedSettings(DEFAULT_SETTINGS, edited)).toEqual({ escrowFeeBps: 600, countdownDays: { youtube: 14 } })
    expect(changedSettings(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, countdownDays: { ...DEFAULT_SETTINGS.countdownDays } })).toEqual({})
  })
})
