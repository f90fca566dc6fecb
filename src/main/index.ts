import { join, resolve } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, net, Notification, session } from 'electron'
// CommonJS with a lazily created autoUpdater: ESM sees it only through the default export.
import electronUpdater from 'electron-updater'
import { createAppRequestHandler, interceptServerScheme } from './app-protocol'
import { createBadge } from './badge'
import { DEEP_LINK_SCHEME } from './deep-links'
import { registerIpcHandlers, type DesktopServices } from './ipc/handlers'
import { createNotifier } from './notifications'
import { bundledFiles, devServer } from './renderer-source'
import { isPermissionAllowed } from './security'
import { changeWhenConfirmed, createServerLocation, type ServerChangePrompt, type ServerLocation } from './server-location'
import { createServerProbe } from './server-probe'
import { createSettingsStore } from './settings-store'
import { createAppTray, type AppTray } from './tray'
import { startUpdateChecks } from './updater'
import { createAppWindow, hardenWebContents, moveWindowsTo, openInBrowser, setTaskbarOverlay } from './window'
import { createWindowController, type WindowController } from './window-controller'
import { createWindowStateStore } from './window-state-store'

/**
 * App lifecycle and composition: one instance, one window, quit when it closes (except on macOS, where
 * apps stay in the dock). Everything with logic lives in the modules imported above.
 */

// HANDOVER_SERVER_URL, else the address saved from the offline screen, else the local server.
const server = createServerLocation({
  environment: process.env.HANDOVER_SERVER_URL,
  settings: createSettingsStore(join(app.getPath('userData'), 'settings.json')),
})
// Only `electron-vite dev` sets it; a packaged app never takes its page from elsewhere.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
// The sandbox can only run a CommonJS preload, hence .cjs next to the ESM main bundle.
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

// A second launch (e.g. a handover:// link on Windows/Linux) hands its argv to the running instance and exits.
if (app.requestSingleInstanceLock()) startApp()
else app.quit()

function startApp(): void {
  const windowState = createWindowStateStore(join(app.getPath('userData'), 'window-state.json'))
  const windows = createWindowController((initialRoute) =>
    createAppWindow({ serverUrl: new URL(server.origin()), preloadPath, initialRoute, windowState }),
  )
  registerProtocolClient()

  // Registered before `ready`: macOS delivers the link that launched the app through open-url.
  app.on('open-url', (event, link) => {
    event.preventDefault()
    windows.openLink(link)
  })
  app.on('second-instance', (_event, argv) => windows.openFromArgv(argv))
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, () => server.origin(), preloadPath))
  app.on('activate', () => windows.show())
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
      serveRenderer(server)
      const tray = createAppTray({ open: () => windows.show(), quit: () => app.quit() })
      registerIpcHandlers(ipcMain, desktopServices(windows, tray), () => server.origin())
      windows.start(process.argv)
      startUpdateChecks({
        isPackaged: app.isPackaged,
        checkForUpdates: () => electronUpdater.autoUpdater.checkForUpdatesAndNotify(),
      })
    })
    .catch((error: unknown) => {
      console.error('[handover] failed to start:', error)
      app.exit(1)
    })
}

/** The Electron implementations behind the bridge channels. */
function desktopServices(windows: WindowController, tray: AppTray): DesktopServices {
  const notify = createNotifier(
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
  const setBadge = createBadge(process.platform, {
    setAppBadge: (count) => void app.setBadgeCount(count),
    setOverlay: setTaskbarOverlay,
    setTrayUnread: (count) => tray.setUnread(count),
  })
  return {
    notify,
    setBadge: ({ count }) => setBadge(count),
    openExternal: ({ url }) => openInBrowser(url, server.origin()),
    getInfo: () => ({ version: app.getVersion(), platform: process.platform }),
    getServerUrl: () => server.info(),
    setServerUrl: ({ url }) => changeWhenConfirmed(server, url, askToChangeServer),
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
function serveRenderer(location: ServerLocation): void {
  const fetchPast = (input: string | Request, init?: RequestInit) => net.fetch(input, { ...init, bypassCustomProtocolHandlers: true })
  const handler = createAppRequestHandler({
    server: location,
    passThrough: (request) => fetchPast(request),
    renderer: devServerUrl ? devServer(devServerUrl, fetchPast) : bundledFiles(join(import.meta.dirname, '../renderer')),
    probe: createServerProbe((url, init) => fetchPast(url, { ...init, cache: 'no-store' })),
    devServerOrigin: devServerUrl,
  })
  const intercepted = interceptServerScheme(session.defaultSession.protocol, handler, location.origin())
  location.onChange((origin) => {
    intercepted.follow(origin)
    moveWindowsTo(origin)
  })
}

function registerProtocolClient(): void {
  // Installers register handover:// for packaged builds; `electron .` in development must name its entry script.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])])
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  }
}
