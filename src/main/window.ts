import { BrowserWindow, shell, type WebContents, type WebPreferences } from 'electron'
import icon from '../../resources/icon.png?asset'
import type { AppWindow } from './window-controller'
import { guardWebContents } from './guards'
import { sendDeepLink } from './ipc/events'
import { isExternalUrlAllowed } from './security'

/**
 * The Electron side of the window: creates BrowserWindows and adapts them (and every WebContents) to the
 * Electron-free interfaces the tested modules are written against. No decisions are made here.
 */

/** Electron's security checklist: the page gets the bridge and nothing else of Node or Electron. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  }
}

export interface AppWindowOptions {
  serverUrl: URL
  preloadPath: string
  initialRoute?: string
}

export function createAppWindow({ serverUrl, preloadPath, initialRoute }: AppWindowOptions): AppWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    title: 'Handover',
    // Shown on ready-to-show so the user never sees an empty white frame while the page boots.
    show: false,
    autoHideMenuBar: true,
    // macOS and Windows take the icon from the app bundle; Linux window managers need it on the window.
    ...(process.platform === 'linux' ? { icon } : {}),
    webPreferences: secureWebPreferences(preloadPath),
  })
  window.once('ready-to-show', () => window.show())

  // initialRoute is a validated in-app path, so resolving it against the server keeps the origin.
  const start = new URL(initialRoute ?? '/', serverUrl)
  window.loadURL(start.href).catch((error: unknown) => {
    // The server being down is not fatal: the window stays and a reload retries.
    console.error(`[handover] could not load ${start.href}:`, error)
  })

  const contents = window.webContents
  return {
    focus() {
      if (window.isMinimized()) window.restore()
      window.show()
      window.focus()
    },
    whenLoaded(callback) {
      if (contents.isLoading()) contents.once('did-finish-load', callback)
      else callback()
    },
    sendDeepLink: (route) => sendDeepLink(contents, route),
    onClosed: (callback) => window.on('closed', callback),
  }
}

/** Applies the navigation, window-open and webview rules to any web contents the app creates. */
export function hardenWebContents(contents: WebContents, serverOrigin: string, preloadPath: string): void {
  guardWebContents(
    {
      onNavigate(listener) {
        contents.on('will-navigate', (event) => listener(event))
        contents.on('will-redirect', (event) => listener(event))
      },
      onAttachWebview: (listener) => contents.on('will-attach-webview', (event) => listener(() => event.preventDefault())),
      setWindowOpenHandler(handler) {
        contents.setWindowOpenHandler(({ url }) =>
          handler(url)
            ? // Spelled out rather than inherited so a second window can never be weaker than the first.
              { action: 'allow', overrideBrowserWindowOptions: { autoHideMenuBar: true, webPreferences: secureWebPreferences(preloadPath) } }
            : { action: 'deny' },
        )
      },
    },
    serverOrigin,
    openInBrowser,
  )
}

/** shell.openExternal behind the same http(s) check the IPC contract applies. */
export function openInBrowser(url: string): void {
  if (!isExternalUrlAllowed(url)) return
  shell.openExternal(url).catch((error: unknown) => console.error('[handover] could not open link:', error))
}
