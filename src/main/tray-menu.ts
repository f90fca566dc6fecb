/**
 * What the tray icon shows: its tooltip and menu for an unread count. A plain model so the wording is
 * tested without Electron; tray.ts turns it into Electron's Tray and Menu.
 */

export type TrayAction = 'open' | 'quit'

export type TrayMenuItem =
  | { kind: 'action'; label: string; action: TrayAction }
  /** Shown greyed out: it informs, clicking it does nothing. */
  | { kind: 'info'; label: string }
  | { kind: 'separator' }

export interface TrayModel {
  tooltip: string
  items: TrayMenuItem[]
}

/** "No unread messages", "1 unread", "150 unread": the full number, the tray has room for it. */
export function unreadLabel(count: number): string {
  return count > 0 ? `${count} unread` : 'No unread messages'
}

export function trayModel(unread: number): TrayModel {
  return {
    tooltip: `Handover: ${unread > 0 ? unreadLabel(unread) : 'no unread messages'}`,
    items: [
      { kind: 'action', label: 'Open Handover', action: 'open' },
      { kind: 'info', label: unreadLabel(unread) },
      { kind: 'separator' },
      { kind: 'action', label: 'Quit', action: 'quit' },
    ],
  }
}
