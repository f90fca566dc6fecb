import { FATAL_SCREENS } from './fatal-screen'

/**
 * Starting the app from the entry script. The app's own code arrives as a separate chunk, and a chunk can fail to
 * arrive for reasons a fresh load does not share: a dropped connection, a request the browser gave up on. So a
 * failed load reloads the page once by itself; only a second failure soon after, or an app that loaded and then
 * crashed while mounting, shows "App Initialization Failed". The time of the last automatic reload is kept in
 * session storage, so reloads can never loop; without storage there is no automatic reload at all.
 */

/** How long after an automatic reload another failure is final. */
export const START_RETRY_WINDOW_MS = 30_000
export const START_RETRY_KEY = 'handover-start-retry'

export interface StartDeps {
  container: HTMLElement
  load: () => Promise<{ mountApp: (container: HTMLElement) => void }>
  storage: () => Pick<Storage, 'getItem' | 'setItem'>
  reload: () => void
  now: () => number
  showFatal: (container: HTMLElement, screen: { title: string; message: string }) => void
  log: (message: string, error: unknown) => void
}

export type StartOutcome = 'mounted' | 'reloading' | 'failed'

/** Claims the one automatic reload, unless one happened within the window or storage is blocked. */
function claimReload(deps: StartDeps): boolean {
  try {
    const storage = deps.storage()
    const last = Number(storage.getItem(START_RETRY_KEY))
    if (Number.isFinite(last) && deps.now() - last < START_RETRY_WINDOW_MS) return false
    storage.setItem(START_RETRY_KEY, String(deps.now()))
    return true
  } catch {
    return false
  }
}

export async function startApp(deps: StartDeps): Promise<StartOutcome> {
  let app: Awaited<ReturnType<StartDeps['load']>>
  try {
    app = await deps.load()
  } catch (error) {
    if (claimReload(deps)) {
      deps.log('The app did not load; reloading once', error)
      deps.reload()
      return 'reloading'
    }
    deps.log('App initialization failed', error)
    deps.showFatal(deps.container, FATAL_SCREENS.initFailed)
    return 'failed'
  }
  try {
    app.mountApp(deps.container)
    return 'mounted'
  } catch (error) {
    deps.log('App initialization failed', error)
    deps.showFatal(deps.container, FATAL_SCREENS.initFailed)
    return 'failed'
  }
}
