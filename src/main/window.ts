import { dirname, join } from 'node:path'
import { BrowserWindow, nativeImage, screen, shell, type WebContents, type WebPreferences } from 'electron'
import icon from '../../resources/icon.png?asset'
import type { ServedDocuments } from './app-protocol'
import type { AppWindow } from './window-controller'
import type { CrashAction, RenderGoneReason } from './crash-recovery'
import { guardWebContents } from './guards'
import { sendDeepLink, sendResume } from './ipc/events'
import { isExternalUrlAllowed } from './security'
import { sameRouteAt } from './server-location'
import { createTaskbarFlash } from './taskbar-flash'
import type { WakeReason } from './wake'
import { restoreWindowState, WINDOW_SIZE } from './window-state'
import { trackWindowState, type TrackedWindow, type WindowStateStore } from './window-state-store'
import { nextZoomLevel, type ZoomMemory } from './zoom'

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
  /** A start at sign-in: the page loads, so its live connection runs, but the window stays out of sight. */
  hidden: boolean
  /** Asked at every close (lifecycle.ts): 'hide' keeps the app running in the background. */
  closeRequested(): 'hide' | 'close'
  /** Windows is shutting down or logging off: the close that follows must not be turned into a hide. */
  onSessionEnd(): void
  zoom: ZoomMemory
  /** The page's renderer went away (crash-recovery.ts decides); 'explain' is already noted for the next load. */
  renderGone(reason: RenderGoneReason): CrashAction
  /** Which page each address was served with (app-protocol.ts), to tell the offline screen from the app. */
  documents: ServedDocuments
}

export function createAppWindow(options: AppWindowOptions): AppWindow {
  const { serverUrl, preloadPath, initialRoute, windowState, hidden } = options
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
  // maximize() also shows the window, so a hidden start keeps it for the first time the window is shown.
  if (hidden && placement.isMaximized) window.once('show', () => window.maximize())
  if (!hidden) {
    window.once('ready-to-show', () => {
      if (placement.isMaximized) window.maximize()
      window.show()
    })
  }
  trackWindowState(trackedWindow(window), windowState)
  runInBackground(window, options)
  const attract = createTaskbarFlash(process.platform, {
    isFocused: () => window.isFocused(),
    isVisible: () => window.isVisible(),
    flashFrame: (flag) => window.flashFrame(flag),
    onFocus: (callback) => window.on('focus', callback),
  })

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
      const showsApp = () => !contents.isLoading() && !options.documents.isOffline(contents.getURL())
      if (showsApp()) return callback()
      const check = () => {
        if (!showsApp()) return
        contents.off('did-finish-load', check)
        callback()
      }
      contents.on('did-finish-load', check)
    },
    sendDeepLink: (route) => sendDeepLink(contents, route),
    onClosed: (callback) => window.on('closed', callback),
    attract,
  }
}

/** Close hides (lifecycle.ts), a crashed page comes back (crash-recovery.ts), and each server keeps its zoom. */
function runInBackground(window: BrowserWindow, { closeRequested, onSessionEnd, zoom, renderGone }: AppWindowOptions): void {
  window.on('close', (event) => {
    if (closeRequested() === 'close') return
    event.preventDefault()
    // A full-screen window hidden on macOS leaves an empty black space behind; leave full screen first.
    if (window.isFullScreen()) {
      window.once('leave-full-screen', () => window.hide())
      window.setFullScreen(false)
    } else {
      window.hide()
    }
  })
  window.on('session-end', onSessionEnd)

  const contents = window.webContents
  contents.on('did-finish-load', () => {
    const origin = originOf(contents.getURL())
    if (origin !== undefined) contents.setZoomLevel(zoom.levelFor(origin))
  })
  // Ctrl + mouse wheel or a pinch: the same steps as the View menu, remembered the same way.
  contents.on('zoom-changed', (_event, direction) => stepZoom(contents, direction === 'in' ? 'zoomIn' : 'zoomOut', zoom))
  contents.on('render-process-gone', (_event, details) => {
    // 'explain' reloads too: the request handler then answers with the offline screen saying why.
    if (renderGone(details.reason).kind !== 'ignore') contents.reload()
  })
}

/** One View-menu zoom step for the page in `contents`, remembered for its server. */
export function stepZoom(contents: WebContents, action: 'zoomIn' | 'zoomOut' | 'resetZoom', zoom: ZoomMemory): void {
  const level = nextZoomLevel(contents.getZoomLevel(), action)
  contents.setZoomLevel(level)
  const origin = originOf(contents.getURL())
  if (origin !== undefined) zoom.remember(origin, level)
}

function originOf(url: string): string | undefined {
  return /^https?:/.test(url) ? new URL(url).origin : undefined
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

/** After a wake from sleep or a screen unlock: every page's live connection reconnects without waiting. */
export function tellPagesResumed(reason: WakeReason): void {
  for (const window of BrowserWindow.getAllWindows()) sendResume(window.webContents, reason)
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
