import { describe, expect, it, vi } from 'vitest'
import type { AdminAlertSettings } from '@shared/ipc/contract'
import { DESKTOP_ALERTS } from '@shared/constants'
import { ADMIN_ALERT_KINDS, type AdminAlertKind, type ServerEvent } from '@shared/realtime/events'
import { ADMIN_ALERT_ROUTES, ADMIN_ALERT_SWITCHES, adminAlert, createDesktopAlerts } from './desktop-alerts'

type AdminAlertEvent = Extract<ServerEvent, { type: 'admin_alert' }>

const ME = 1002
const ALL_ON: AdminAlertSettings = { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true }

const event = (kind: AdminAlertKind, over: Partial<AdminAlertEvent> = {}): AdminAlertEvent => ({
  type: 'admin_alert',
  kind,
  subjectId: '12',
  title: 'Withdrawal to approve',
  body: 'Withdrawal #12 of $50.00 is waiting for a decision.',
  ...over,
})

/** `switches` is what the desktop app answers; null is the website. */
function setup(switches: AdminAlertSettings | null = ALL_ON) {
  let now = 10_000
  const state = { focused: false, switches }
  const notify = vi.fn()
  const adminSwitches = vi.fn(async () => state.switches)
  const alerts = createDesktopAlerts({ notify, isFocused: () => state.focused, adminSwitches, now: () => now })
  return { alerts, notify, state, adminSwitches, advance: (ms: number) => (now += ms) }
}

describe('admin alerts', () => {
  it('opens the screen where each kind of waiting work is done', () => {
    expect(ADMIN_ALERT_ROUTES).toEqual({
      stuck_payment: '/admin/payment-monitor?stuck=true',
      dispute: '/admin-dashboard#disputes',
      withdrawal: '/admin-dashboard#withdrawals',
      listing_review: '/admin-dashboard#listings',
    })
    expect(adminAlert(event('withdrawal'))).toEqual({
      title: 'Withdrawal to approve',
      body: 'Withdrawal #12 of $50.00 is waiting for a decision.',
      route: '/admin-dashboard#withdrawals',
      key: 'admin:withdrawal',
    })
  })

  it('cuts the body to one short line', () => {
    const alert = adminAlert(event('listing_review', { body: `alice submitted\n${'x'.repeat(400)}` }))
    expect(alert.body).toHaveLength(DESKTOP_ALERTS.bodyMaxChars)
    expect(alert.body).toMatch(/^alice submitted x+…$/)
  })

  it('shows each kind as an OS notification in the desktop app while the window is away', async () => {
    const { alerts, notify } = setup()
    for (const kind of ADMIN_ALERT_KINDS) {
      await expect(alerts.handleAdminAlert(event(kind, { title: `t ${kind}`, body: `b ${kind}` }))).resolves.not.toBeNull()
      expect(notify).toHaveBeenLastCalledWith(`t ${kind}`, `b ${kind}`, ADMIN_ALERT_ROUTES[kind])
    }
    expect(notify).toHaveBeenCalledTimes(ADMIN_ALERT_KINDS.length)
  })

  it('leaves out a kind whose switch is off, and only that kind', async () => {
    for (const kind of ADMIN_ALERT_KINDS) {
      const { alerts, notify } = setup({ ...ALL_ON, [ADMIN_ALERT_SWITCHES[kind]]: false })
      for (const other of ADMIN_ALERT_KINDS) await alerts.handleAdminAlert(event(other))
      expect(notify.mock.calls.map(([, , route]) => route)).toEqual(ADMIN_ALERT_KINDS.filter((k) => k !== kind).map((k) => ADMIN_ALERT_ROUTES[k]))
    }
  })

  it('reads the switches at each alert, so a change in the settings applies to the next one', async () => {
    const { alerts, notify, state, advance } = setup()
    await alerts.handleAdminAlert(event('dispute'))
    state.switches = { ...ALL_ON, dispute: false }
    advance(DESKTOP_ALERTS.throttleMs)
    await expect(alerts.handleAdminAlert(event('dispute'))).resolves.toBeNull()
    expect(notify).toHaveBeenCalledTimes(1)
  })

  it('shows nothing on the website, while the window has focus, or with the account’s desktop notifications off', async () => {
    const web = setup(null)
    await expect(web.alerts.handleAdminAlert(event('stuck_payment'))).resolves.toBeNull()
    expect(web.notify).not.toHaveBeenCalled()

    const { alerts, notify, state, adminSwitches } = setup()
    state.focused = true
    await expect(alerts.handleAdminAlert(event('stuck_payment'))).resolves.toBeNull()
    state.focused = false
    await expect(alerts.handleAdminAlert(event('stuck_payment'), { desktopNotifications: false })).resolves.toBeNull()
    expect(notify).not.toHaveBeenCalled()
    // the account's switch decides before the app is asked
    expect(adminSwitches).toHaveBeenCalledTimes(1)
  })

  it('throttles by kind: a burst of one kind is one alert, another kind still shows', async () => {
    const { alerts, notify, advance } = setup()
    for (let i = 0; i < 10; i++) await alerts.handleAdminAlert(event('stuck_payment', { subjectId: `deposit_1_${i}` }))
    await alerts.handleAdminAlert(event('dispute'))
    expect(notify).toHaveBeenCalledTimes(2)
    advance(DESKTOP_ALERTS.throttleMs)
    await alerts.handleAdminAlert(event('stuck_payment'))
    expect(notify).toHaveBeenCalledTimes(3)
  })

  it('is started by the live connection’s handleEvent, which answers at once', async () => {
    const { alerts, notify } = setup()
    expect(alerts.handleEvent(event('withdrawal'), ME)).toBeNull()
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('Withdrawal to approve', expect.any(String), '/admin-dashboard#withdrawals'))
  })
})
