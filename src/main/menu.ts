import { BrowserWindow, clipboard, Menu, type BaseWindow, type MenuItemConstructorOptions, type WebContents } from 'electron'
import { appMenuModel, type AppMenuAction, type AppMenuItem, type AppMenuOptions } from './app-menu'
import { contextMenuModel, type ContextMenuItem } from './context-menu'

/**
 * The Electron side of the menus: renders the models of app-menu.ts and context-menu.ts into Electron's Menu.
 * No decisions are made here.
 */

/** What the menu's own items do, for the window they were chosen in (none when no window has focus). */
export type AppMenuActions = Record<AppMenuAction, (window: BrowserWindow | undefined) => void>

export function setAppMenu(options: AppMenuOptions, actions: AppMenuActions): void {
  const template = appMenuModel(options).map(({ label, role, items }): MenuItemConstructorOptions => {
    if (items.length === 0 && role !== undefined) return { label, role }
    return { label, ...(role === undefined ? {} : { role }), submenu: items.map((item) => appMenuItem(item, actions)) }
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function appMenuItem(item: AppMenuItem, actions: AppMenuActions): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'role':
      return item.label === undefined ? { role: item.role } : { role: item.role, label: item.label }
    case 'separator':
      return { type: 'separator' }
    case 'action':
      return {
        label: item.label,
        accelerator: item.accelerator,
        ...(item.hidden ? { visible: false, acceleratorWorksWhenHidden: true } : {}),
        click: (_menuItem, window) => actions[item.action](asBrowserWindow(window)),
      }
  }
}

function asBrowserWindow(window: BaseWindow | undefined): BrowserWindow | undefined {
  return window instanceof BrowserWindow ? window : undefined
}

/** Right-click menus for `contents`: copy, paste, links and spelling, built from each click's params. */
export function attachContextMenu(contents: WebContents): void {
  contents.on('context-menu', (_event, params) => {
    const items = contextMenuModel(params)
    if (items.length === 0) return
    const window = BrowserWindow.fromWebContents(contents) ?? undefined
    Menu.buildFromTemplate(items.map((item) => contextMenuItem(item, contents))).popup(window ? { window } : {})
  })
}

function contextMenuItem(item: ContextMenuItem, contents: WebContents): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'edit':
      return { role: item.role, label: item.label, enabled: item.enabled }
    case 'copyLink':
      return { label: item.label, click: () => clipboard.writeText(item.url) }
    case 'replaceMisspelling':
      return { label: item.label, click: () => contents.replaceMisspelling(item.replacement) }
    case 'addToDictionary':
      return { label: item.label, click: () => void contents.session.addWordToSpellCheckerDictionary(item.word) }
    case 'info':
      return { label: item.label, enabled: false }
    case 'separator':
      return { type: 'separator' }
  }
}
