import { Menu, Tray, type MenuItemConstructorOptions } from 'electron'
import trayIcon from '../../resources/tray.png?asset'
import { trayModel, type TrayAction, type TrayMenuItem } from './tray-menu'

/**
 * The Electron side of the tray icon: renders the model from tray-menu.ts into a Tray and its Menu.
 * No decisions are made here.
 */

export interface AppTray {
  setUnread(count: number): void
}

export type TrayActions = Record<TrayAction, () => void>

export function createAppTray(actions: TrayActions): AppTray {
  // Electron picks tray@2x.png next to it on high-density displays.
  const tray = new Tray(trayIcon)
  // Windows and most Linux panels: a click opens the window, the menu is on right click. macOS opens the
  // menu on any click; Linux indicators without click events always show the menu, which has "Open" first.
  tray.on('click', () => actions.open())

  let shown: number | undefined
  function render(unread: number): void {
    // The badge is set on every unread change; rebuilding an unchanged menu makes some Linux panels flicker.
    if (unread === shown) return
    shown = unread
    const model = trayModel(unread)
    tray.setToolTip(model.tooltip)
    tray.setContextMenu(Menu.buildFromTemplate(model.items.map((item) => menuItem(item, actions))))
  }
  render(0)
  return { setUnread: render }
}

function menuItem(item: TrayMenuItem, actions: TrayActions): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'action':
      return { label: item.label, click: () => actions[item.action]() }
    case 'info':
      return { label: item.label, enabled: false }
    case 'separator':
      return { type: 'separator' }
  }
}
