/**
 * The application menu as a plain model, so what each platform gets is tested without Electron; menu.ts turns it
 * into Electron's Menu. Roles are Electron's built-in items (they bring the platform's labels and shortcuts);
 * actions are ours.
 */

export type MenuRole =
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'togglefullscreen'
  | 'toggleDevTools'
  | 'minimize'

export type AppMenuAction = 'zoomIn' | 'zoomOut' | 'resetZoom' | 'openFaq'

export type AppMenuItem =
  | { kind: 'role'; role: MenuRole; label?: string }
  /** `hidden`: no line in the menu, only its shortcut (a second key for the same action). */
  | { kind: 'action'; label: string; action: AppMenuAction; accelerator?: string; hidden?: true }
  | { kind: 'separator' }

export interface AppMenuSection {
  label: string
  /**
   * 'windowMenu': Electron fills the section itself (macOS: minimize, zoom, the window list, bring all to front).
   * 'help': macOS adds its search field to it.
   */
  role?: 'windowMenu' | 'help'
  items: AppMenuItem[]
}

export interface AppMenuOptions {
  platform: string
  /** Developer tools only in development: a packaged app has no use for them and they bypass the page's limits. */
  isPackaged: boolean
  appName: string
}

const SEPARATOR = { kind: 'separator' } as const

function role(name: MenuRole, label?: string): AppMenuItem {
  return label === undefined ? { kind: 'role', role: name } : { kind: 'role', role: name, label }
}

export function appMenuModel({ platform, isPackaged, appName }: AppMenuOptions): AppMenuSection[] {
  const mac = platform === 'darwin'
  const sections: AppMenuSection[] = []
  if (mac) {
    sections.push({
      label: appName,
      items: [role('about'), SEPARATOR, role('hide'), role('hideOthers'), role('unhide'), SEPARATOR, role('quit')],
    })
  }
  sections.push(
    {
      label: 'File',
      // Quit sits in the app menu on macOS. Elsewhere Electron names the role "Exit" on Windows; Quit is what the tray says.
      items: mac ? [role('close', 'Close Window')] : [role('close', 'Close Window'), SEPARATOR, role('quit', 'Quit')],
    },
    {
      label: 'Edit',
      items: [role('undo'), role('redo'), SEPARATOR, role('cut'), role('copy'), role('paste'), SEPARATOR, role('selectAll')],
    },
    { label: 'View', items: viewItems(isPackaged) },
    mac ? { label: 'Window', role: 'windowMenu', items: [] } : { label: 'Window', items: [role('minimize'), role('close')] },
    {
      label: 'Help',
      role: 'help',
      items: [
        { kind: 'action', label: 'Frequently Asked Questions', action: 'openFaq' },
        ...(mac ? [] : [SEPARATOR, role('about', `About ${appName}`)]),
      ],
    },
  )
  return sections
}

function viewItems(isPackaged: boolean): AppMenuItem[] {
  // Zoom is ours rather than Electron's roles so each server's level can be remembered (zoom.ts).
  return [
    role('reload'),
    SEPARATOR,
    { kind: 'action', label: 'Actual Size', action: 'resetZoom', accelerator: 'CommandOrControl+0' },
    { kind: 'action', label: 'Zoom In', action: 'zoomIn', accelerator: 'CommandOrControl+Plus' },
    // "Plus" needs Shift on most layouts; browsers also zoom in on the = key beneath it.
    { kind: 'action', label: 'Zoom In', action: 'zoomIn', accelerator: 'CommandOrControl+=', hidden: true },
    { kind: 'action', label: 'Zoom Out', action: 'zoomOut', accelerator: 'CommandOrControl+-' },
    SEPARATOR,
    role('togglefullscreen'),
    ...(isPackaged ? [] : [role('toggleDevTools')]),
  ]
}
