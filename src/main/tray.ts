import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import trayIcon from '../../resources/tray.png?asset'
import trayTemplateIcon from '../../resources/trayTemplate.png?asset'
import { isTemplateTrayIcon } from './tray-icon'
import type { ConnectionState } from '@shared/ipc/contract'
import { trayModel, type TrayAction, type TrayMenuItem } from './tray-menu'

/**
 * The Electron side of the tray icon: renders the model from tray-menu.ts into a Tray and its Menu.
 * No decisions are made here.
 */

export interface AppTray {
  setUnread(count: number): void
  setConnection(state: ConnectionState): void
}

export type TrayActions = Record<TrayAction, () => void>

export function createAppTray(actions: TrayActions): AppTray {
  // Electron picks the @2x file next to it on high-density displays.
  const template = isTemplateTrayIcon(process.platform)
  const image = nativeImage.createFromPath(template ? trayTemplateIcon : trayIcon)
  image.setTemplateImage(template)
  const tray = new Tray(image)
  // Windows and most Linux panels: a click opens the window, the menu is on right click. macOS opens the
  // menu on any click; Linux indicators without click events always show the menu, which has "Open" first.
  tray.on('click', () => actions.open())

  let shown: { unread: number; connection: ConnectionState } | undefined
  function render(unread: number, connection: ConnectionState): void {
    // The badge is set on every unread change; rebuilding an unchanged menu makes some Linux panels flicker.
    if (unread === shown?.unread && connection === shown.connection) return
    shown = { unread, connection }
    const model = trayModel(unread, connection)
    tray.setToolTip(model.tooltip)
    tray.setContextMenu(Menu.buildFromTemplate(model.items.map((item) => menuItem(item, actions))))
  }
  render(0, 'connected')
  return {
    setUnread: (count) => render(count, shown?.connection ?? 'connected'),
    setConnection: (state) => render(shown?.unread ?? 0, state),
  }
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
