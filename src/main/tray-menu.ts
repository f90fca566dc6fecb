import type { ConnectionState } from '@shared/ipc/contract'

/**
 * What the tray icon shows: its tooltip and menu for an unread count and the live connection. A plain model
 * so the wording is tested without Electron; tray.ts turns it into Electron's Tray and Menu.
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

/** Nothing while connected; otherwise the user learns that the count may be behind and why. */
const CONNECTION_LABELS: Record<ConnectionState, string | null> = {
  connected: null,
  connecting: 'Connecting…',
  offline: 'Offline',
}

export function trayModel(unread: number, connection: ConnectionState = 'connected'): TrayModel {
  const down = CONNECTION_LABELS[connection]
  return {
    tooltip: `Handover${down ? ` (${down.toLowerCase()})` : ''}: ${unread > 0 ? unreadLabel(unread) : 'no unread messages'}`,
    items: [
      { kind: 'action', label: 'Open Handover', action: 'open' },
      { kind: 'info', label: unreadLabel(unread) },
      ...(down ? [{ kind: 'info' as const, label: down }] : []),
      { kind: 'separator' },
      { kind: 'action', label: 'Quit', action: 'quit' },
    ],
  }
}
