import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, net, Notification, powerMonitor, session } from 'electron'
// CommonJS with a lazily created autoUpdater: ESM sees it only through the default export.
import electronUpdater from 'electron-updater'
import { APP_CONFIG_FILE, loadAppConfig } from './app-config'
import { APP_USER_MODEL_ID } from './app-id'
import { createAppRequestHandler, createServedDocuments, interceptServerScheme, type AppRequestDeps } from './app-protocol'
import { createBadge } from './badge'
import { createCrashRecovery, createFailureNotice } from './crash-recovery'
import { DEEP_LINK_SCHEME } from './deep-links'
import { createDesktopSettings } from './desktop-settings'
import { registerIpcHandlers, type DesktopServices } from './ipc/handlers'
import { CLOSE_HINT, createLifecycle, startsHidden } from './lifecycle'
import { applyLoginItem, type LoginItemPort } from './login-item'
import { attachContextMenu, setAppMenu } from './menu'
import { createNotifier } from './notifications'
import { bundledFiles, devServer } from './renderer-source'
import { isPermissionAllowed } from './security'
import { changeWhenConfirmed, createServerLocation, type ServerChangePrompt, type ServerLocation } from './server-location'
import { createServerProbe } from './server-probe'
import { createSettingsStore } from './settings-store'
import { createAppTray, type AppTray } from './tray'
import { startUpdateChecks } from './updater'
import { forwardWakes } from './wake'
import { createAppWindow, hardenWebContents, moveWindowsTo, openInBrowser, setTaskbarOverlay, stepZoom, tellPagesResumed } from './window'
import { createWindowController, type WindowController } from './window-controller'
import { createWindowStateStore } from './window-state-store'
import { createZoomMemory } from './zoom'

/**
 * App lifecycle and composition: one instance, one window, which a close only hides (lifecycle.ts); the app
 * ends on Quit. Everything with logic lives in the modules imported above.
 */

const settings = createSettingsStore(join(app.getPath('userData'), 'settings.json'))

// What the installer was built for (app-config.json beside its package.json); a development run: the local server.
const appConfig = orStop(() =>
  loadAppConfig({ isPackaged: app.isPackaged, read: () => readFileSync(join(app.getAppPath(), APP_CONFIG_FILE), 'utf8') }),
)
// HANDOVER_SERVER_URL, else the address saved from the offline screen, else the build's own server.
const server = orStop(() =>
  createServerLocation({
    environment: process.env.HANDOVER_SERVER_URL,
    settings,
    builtIn: appConfig.serverUrl,
  }),
)
// Only `electron-vite dev` sets it; a packaged app never takes its page from elsewhere.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
// The sandbox can only run a CommonJS preload, hence .cjs next to the ESM main bundle.
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

/** A configuration the app cannot start with is said in a native box (callable before `ready`), then the app exits. */
function orStop<T>(configure: () => T): T {
  try {
    return configure()
  } catch (error) {
    dialog.showErrorBox('Handover cannot start', error instanceof Error ? error.message : String(error))
    app.exit(1)
    throw error
  }
}

// A second launch (e.g. a handover:// link on Windows/Linux) hands its argv to the running instance and exits.
if (app.requestSingleInstanceLock()) startApp()
else app.quit()

function startApp(): void {
  // Before anything can show a notification: Windows shows only those of an app whose id matches its shortcut.
  app.setAppUserModelId(APP_USER_MODEL_ID)
  const windowState = createWindowStateStore(join(app.getPath('userData'), 'window-state.json'))
  const failure = createFailureNotice()
  const documents = createServedDocuments()
  const zoom = createZoomMemory(settings)
  let hidden = startsHidden({ platform: process.platform, argv: process.argv, wasOpenedAtLogin: wasOpenedAtLogin() })
  const windows = createWindowController((initialRoute) => {
    const recover = createCrashRecovery()
    const window = createAppWindow({
      serverUrl: new URL(server.origin()),
      preloadPath,
      initialRoute,
      windowState,
      hidden,
      // Windows open only once the app is ready, long after the lifecycle below exists.
      closeRequested: () => lifecycle.closeRequested(),
      onSessionEnd: () => lifecycle.quitting(),
      zoom,
      renderGone(reason) {
        const action = recover(reason)
        if (action.kind === 'explain') failure.set(action.message)
        return action
      },
      documents,
    })
    // Only the first window of a start at sign-in; any later one was asked for.
    hidden = false
    return window
  })
  const notify = createAppNotifier(windows)
  const lifecycle = createLifecycle({ hintShown: settings.load().closeHintShown === true, showHint: () => showCloseHint(notify) })
  const quitting = lifecycle.quitting
  registerProtocolClient()

  // Registered before `ready`: macOS delivers the link that launched the app through open-url.
  app.on('open-url', (event, link) => {
    event.preventDefault()
    windows.openLink(link)
  })
  app.on('second-instance', (_event, argv) => windows.openFromArgv(argv))
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, () => server.origin(), preloadPath)
    attachContextMenu(contents)
  })
  app.on('activate', () => windows.show())
  // Every real quit passes here first: the tray's and the menu's Quit, Cmd+Q, app.quit(), macOS logging out.
  app.on('before-quit', quitting)
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app
    .whenReady()
    .then(() => {
      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
        callback(isPermissionAllowed(permission, details.requestingUrl, server.origin())),
      )
      session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
        isPermissionAllowed(permission, requestingOrigin, server.origin()),
      )
      const tray = createAppTray({ open: () => windows.show(), quit: () => app.quit() })
      serveRenderer(server, { takeFailure: failure.take, documents, onOffline: () => tray.setConnection('offline') })
      // Linux and macOS shutting down; Windows says so to each window (session-end, window.ts).
      powerMonitor.on('shutdown', () => {
        quitting()
        app.quit()
      })
      setAppMenu(
        { platform: process.platform, isPackaged: app.isPackaged, appName: app.name },
        {
          zoomIn: (window) => window && stepZoom(window.webContents, 'zoomIn', zoom),
          zoomOut: (window) => window && stepZoom(window.webContents, 'zoomOut', zoom),
          resetZoom: (window) => window && stepZoom(window.webContents, 'resetZoom', zoom),
          openFaq: () => windows.show('/faq'),
        },
      )
      registerIpcHandlers(ipcMain, desktopServices(windows, tray, notify), () => server.origin())
      windows.start(process.argv)
      forwardWakes(
        { onResume: (listener) => powerMonitor.on('resume', listener), onUnlockScreen: (listener) => powerMonitor.on('unlock-screen', listener) },
        tellPagesResumed,
      )
      startUpdateChecks({
        isPackaged: app.isPackaged,
        feedUrl: appConfig.updateUrl,
        useFeed: (url) => electronUpdater.autoUpdater.setFeedURL({ provider: 'generic', url }),
        checkForUpdates: () => electronUpdater.autoUpdater.checkForUpdatesAndNotify(),
      })
    })
    .catch((error: unknown) => {
      console.error('[handover] failed to start:', error)
      app.exit(1)
    })
}

/** Native notifications; a click opens the notification's route, or just the window. */
function createAppNotifier(windows: WindowController): ReturnType<typeof createNotifier> {
  return createNotifier(
    {
      isSupported: () => Notification.isSupported(),
      create(options) {
        // Silent: the renderer plays the spec's own sounds, with their volumes and throttles.
        const notification = new Notification({ ...options, silent: true })
        return {
          onClick: (callback) => notification.on('click', callback),
          onClose: (callback) => notification.on('close', callback),
          show: () => notification.show(),
        }
      },
    },
    (route) => windows.show(route),
  )
}

/** Once per computer, at the first close: the window went, the app did not. */
function showCloseHint(notify: ReturnType<typeof createNotifier>): void {
  notify({ title: CLOSE_HINT.title, body: CLOSE_HINT.body })
  try {
    settings.save({ closeHintShown: true })
  } catch (error) {
    // Shown again after the next start, which is better than never.
    console.warn('[handover] could not remember the close hint:', error)
  }
}

/** The Electron implementations behind the bridge channels. */
function desktopServices(windows: WindowController, tray: AppTray, notify: ReturnType<typeof createNotifier>): DesktopServices {
  const desktopSettings = createDesktopSettings(settings, (openAtLogin) => applyLoginItem(loginItemPort(), openAtLogin))
  const setBadge = createBadge(process.platform, {
    setAppBadge: (count) => void app.setBadgeCount(count),
    setOverlay: setTaskbarOverlay,
    setTrayUnread: (count) => tray.setUnread(count),
  })
  return {
    notify(input) {
      notify(input)
      windows.attract()
    },
    setBadge: ({ count }) => setBadge(count),
    openExternal: ({ url }) => openInBrowser(url, server.origin()),
    getInfo: () => ({ version: app.getVersion(), platform: process.platform }),
    getServerUrl: () => server.info(),
    setServerUrl: ({ url }) => changeWhenConfirmed(server, url, askToChangeServer),
    getSettings: () => desktopSettings.get(),
    setSettings: (changes) => desktopSettings.set(changes),
    setConnection: ({ state }) => tray.setConnection(state),
  }
}

/** A native question over the focused window; Cancel is the default, so Enter or Escape change nothing. */
async function askToChangeServer({ title, message, detail, buttons }: ServerChangePrompt): Promise<boolean> {
  const options = { type: 'question' as const, title, message, detail, buttons, defaultId: 1, cancelId: 1, noLink: true }
  const parent = BrowserWindow.getFocusedWindow()
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
  return response === 0
}

/**
 * The window's pages come from the bundle (or the Vite dev server) under the server's own origin; see
 * app-protocol.ts. Main's own requests skip the handler, or passing a request on would loop back into it.
 */
function serveRenderer(location: ServerLocation, pages: Pick<AppRequestDeps, 'takeFailure' | 'documents' | 'onOffline'>): void {
  const fetchPast = (input: string | Request, init?: RequestInit) => net.fetch(input, { ...init, bypassCustomProtocolHandlers: true })
  const handler = createAppRequestHandler({
    server: location,
    passThrough: (request) => fetchPast(request),
    renderer: devServerUrl ? devServer(devServerUrl, fetchPast) : bundledFiles(join(import.meta.dirname, '../renderer')),
    probe: createServerProbe((url, init) => fetchPast(url, { ...init, cache: 'no-store' })),
    ...pages,
    devServerOrigin: devServerUrl,
  })
  const intercepted = interceptServerScheme(session.defaultSession.protocol, handler, location.origin())
  location.onChange((origin) => {
    intercepted.follow(origin)
    moveWindowsTo(origin)
  })
}

/** macOS login items pass no arguments; being opened at login is the sign there (lifecycle.ts). */
function wasOpenedAtLogin(): boolean {
  return process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin
}

function loginItemPort(): LoginItemPort {
  // An AppImage runs from a temporary mount; $APPIMAGE is the file the user keeps.
  const executable = process.platform === 'linux' && process.env.APPIMAGE ? process.env.APPIMAGE : process.execPath
  return {
    platform: process.platform,
    setLoginItemSettings: (options) => app.setLoginItemSettings(options),
    launch: { executable, args: process.defaultApp && process.argv[1] ? [resolve(process.argv[1])] : [] },
    configHome: process.env.XDG_CONFIG_HOME || join(homedir(), '.config'),
    writeFile: (path, data) => writeFileSync(path, data, 'utf8'),
    removeFile: (path) => rmSync(path, { force: true }),
    makeDirectory: (path) => void mkdirSync(path, { recursive: true }),
  }
}

function registerProtocolClient(): void {
  // Installers register handover:// for packaged builds; `electron .` in development must name its entry script.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])])
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  }
}
