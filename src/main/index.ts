import { join, resolve } from 'node:path'
import { app, ipcMain, Notification, session } from 'electron'
import { resolveServerUrl } from './config'
import { DEEP_LINK_SCHEME } from './deep-links'
import { registerIpcHandlers, type DesktopServices } from './ipc/handlers'
import { createNotifier } from './notifications'
import { isPermissionAllowed } from './security'
import { createAppWindow, hardenWebContents, openInBrowser } from './window'
import { createWindowController, type WindowController } from './window-controller'

/**
 * App lifecycle and composition: one instance, one window, quit when it closes (except on macOS, where
 * apps stay in the dock). Everything with logic lives in the modules imported above.
 */

const serverUrl = resolveServerUrl(process.env.HANDOVER_SERVER_URL)
const serverOrigin = serverUrl.origin
// The sandbox can only run a CommonJS preload, hence .cjs next to the ESM main bundle.
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

// A second launch (e.g. a handover:// link on Windows/Linux) hands its argv to the running instance and exits.
if (app.requestSingleInstanceLock()) startApp()
else app.quit()

function startApp(): void {
  const windows = createWindowController((initialRoute) => createAppWindow({ serverUrl, preloadPath, initialRoute }))
  registerProtocolClient()

  // Registered before `ready`: macOS delivers the link that launched the app through open-url.
  app.on('open-url', (event, link) => {
    event.preventDefault()
    windows.openLink(link)
  })
  app.on('second-instance', (_event, argv) => windows.openFromArgv(argv))
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, serverOrigin, preloadPath))
  app.on('activate', () => windows.show())
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app
    .whenReady()
    .then(() => {
      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
        callback(isPermissionAllowed(permission, details.requestingUrl, serverOrigin)),
      )
      session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
        isPermissionAllowed(permission, requestingOrigin, serverOrigin),
      )
      registerIpcHandlers(ipcMain, desktopServices(windows), serverOrigin)
      windows.start(process.argv)
    })
    .catch((error: unknown) => {
      console.error('[handover] failed to start:', error)
      app.exit(1)
    })
}

/** The Electron implementations behind the bridge channels. */
function desktopServices(windows: WindowController): DesktopServices {
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
  return {
    notify,
    // Dock (macOS) and Unity launchers (Linux); the Windows overlay badge comes with the tray.
    setBadge: ({ count }) => void app.setBadgeCount(count),
    openExternal: ({ url }) => openInBrowser(url),
    getInfo: () => ({ version: app.getVersion(), platform: process.platform }),
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
