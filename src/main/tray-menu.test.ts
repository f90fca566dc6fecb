import { describe, expect, it } from 'vitest'
import { trayModel, unreadLabel } from './tray-menu'

describe('trayModel', () => {
  it('offers Open Handover, the unread line (informational) and Quit, in that order', () => {
    expect(trayModel(0).items).toEqual([
      { kind: 'action', label: 'Open Handover', action: 'open' },
      { kind: 'info', label: 'No unread messages' },
      { kind: 'separator' },
      { kind: 'action', label: 'Quit', action: 'quit' },
    ])
  })

  it.each([
    [0, 'No unread messages', 'Handover: no unread messages'],
    [1, '1 unread', 'Handover: 1 unread'],
    [3, '3 unread', 'Handover: 3 unread'],
    [150, '150 unread', 'Handover: 150 unread'],
  ])('shows %i as %j with the tooltip %j', (count, label, tooltip) => {
    const model = trayModel(count)
    expect(model.items[1]).toEqual({ kind: 'info', label })
    expect(model.tooltip).toBe(tooltip)
  })
})

describe('trayModel while the live connection is down', () => {
  it('adds nothing while connected', () => {
    expect(trayModel(3, 'connected')).toEqual(trayModel(3))
  })

  it.each([
    ['connecting', 'Connecting…', 'Handover (connecting…): 3 unread'],
    ['offline', 'Offline', 'Handover (offline): 3 unread'],
  ] as const)('shows %s as a greyed line under the count and in the tooltip', (state, label, tooltip) => {
    const model = trayModel(3, state)
    expect(model.items).toEqual([
      { kind: 'action', label: 'Open Handover', action: 'open' },
      { kind: 'info', label: '3 unread' },
      { kind: 'info', label },
      { kind: 'separator' },
      { kind: 'action', label: 'Quit', action: 'quit' },
    ])
    expect(model.tooltip).toBe(tooltip)
  })

  it('says offline with nothing unread too', () => {
    expect(trayModel(0, 'offline').tooltip).toBe('Handover (offline): no unread messages')
  })
})

describe('unreadLabel', () => {
  it('never shows a negative or zero count as a number', () => {
    expect(unreadLabel(0)).toBe('No unread messages')
    expect(unreadLabel(-2)).toBe('No unread messages')
  })
})
