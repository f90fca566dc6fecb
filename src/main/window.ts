import { dirname, join } from 'node:path'
import { BrowserWindow, nativeImage, screen, shell, type WebContents, type WebPreferences } from 'electron'
import icon from '../../resources/icon.png?asset'
import type { AppWindow } from './window-controller'
import { guardWebContents } from './guards'
import { sendDeepLink } from './ipc/events'
import { isExternalUrlAllowed } from './security'
import { sameRouteAt } from './server-location'
import { restoreWindowState, WINDOW_SIZE } from './window-state'
import { trackWindowState, type TrackedWindow, type WindowStateStore } from './window-state-store'

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
  windowState: WindowStateStore
}

export function createAppWindow({ serverUrl, preloadPath, initialRoute, windowState }: AppWindowOptions): AppWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea)
  const placement = restoreWindowState(windowState.load(), workAreas)
  const window = new BrowserWindow({
    ...placement.bounds,
    minWidth: WINDOW_SIZE.minWidth,
    minHeight: WINDOW_SIZE.minHeight,
    title: 'Handover',
    // Shown on ready-to-show so the user never sees an empty white frame while the page boots.
    show: false,
    autoHideMenuBar: true,
    // macOS and Windows take the icon from the app bundle; Linux window managers need it on the window.
    ...(process.platform === 'linux' ? { icon } : {}),
    webPreferences: {
      ...secureWebPreferences(preloadPath),
      // Restated at the constructor: electronegativity (npm test) verifies only literals written here.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  window.once('ready-to-show', () => {
    if (placement.isMaximized) window.maximize()
    window.show()
  })
  trackWindowState(trackedWindow(window), windowState)

  // initialRoute is a validated in-app path, so resolving it against the server keeps the origin.
  const start = new URL(initialRoute ?? '/', serverUrl)
  window.loadURL(start.href).catch((error: unknown) => {
    // A server that is down gets the offline screen (app-protocol.ts); this is only the handler failing.
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
export function hardenWebContents(contents: WebContents, serverOrigin: () => string, preloadPath: string): void {
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
    (url) => openInBrowser(url, serverOrigin()),
  )
}

/** shell.openExternal behind the allow-list, whoever asks (IPC, navigation, window.open). */
export function openInBrowser(url: string, serverOrigin: string): void {
  if (!isExternalUrlAllowed(url, serverOrigin)) return
  shell.openExternal(url).catch((error: unknown) => console.error('[handover] could not open link:', error))
}

/** After the server address changed: every window shows its route again, served for the new origin. */
export function moveWindowsTo(origin: string): void {
  for (const window of BrowserWindow.getAllWindows()) {
    const target = sameRouteAt(window.webContents.getURL(), origin)
    window.loadURL(target).catch((error: unknown) => console.error(`[handover] could not load ${target}:`, error))
  }
}

function trackedWindow(window: BrowserWindow): TrackedWindow {
  return {
    getState: () => ({ bounds: window.getNormalBounds(), isMaximized: window.isMaximized() }),
    onChange(listener) {
      window.on('move', listener)
      window.on('resize', listener)
      window.on('maximize', listener)
      window.on('unmaximize', listener)
    },
    onClose: (listener) => window.on('close', listener),
  }
}

// The overlay images sit next to the app icon in resources/ (drawn by scripts/make-icons.ts).
const resourcesDir = dirname(icon)

/** The Windows taskbar overlay on every app window; `image` is a file name in resources/, null clears. */
export function setTaskbarOverlay(image: string | null, description: string): void {
  // createFromPath also loads the @2x file beside it for high-density taskbars.
  const overlay = image === null ? null : nativeImage.createFromPath(join(resourcesDir, image))
  for (const window of BrowserWindow.getAllWindows()) window.setOverlayIcon(overlay, description)
}
