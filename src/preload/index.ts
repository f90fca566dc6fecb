import { contextBridge, ipcRenderer } from 'electron'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '@shared/ipc/channels'
import type { DeepLinkEvent, DesktopBridge, ResumeEvent } from '@shared/ipc/contract'

/**
 * Builds `window.desktop`. One named function per channel and nothing generic: the page can never
 * choose a channel name, so a compromised page reaches exactly these calls and events.
 * Only types come from the zod contract; the sandboxed preload can require nothing but electron.
 */

type DeepLinkListener = (event: DeepLinkEvent) => void

const deepLinkListeners = new Set<DeepLinkListener>()
// A link can arrive before the app has subscribed (cold start, page still booting); the latest one waits.
let pendingDeepLink: DeepLinkEvent | undefined

ipcRenderer.on(EVENT_CHANNELS.deepLink, (_event, payload: unknown) => {
  // Main validated it; this re-check only keeps a malformed message from reaching the app as a route.
  if (!isDeepLinkEvent(payload)) return
  // Listeners get a fresh object, never the IpcRendererEvent (it carries the sender and ipcRenderer).
  const event: DeepLinkEvent = { route: payload.route }
  if (deepLinkListeners.size === 0) pendingDeepLink = event
  else deepLinkListeners.forEach((listener) => listener(event))
})

const resumeListeners = new Set<(event: ResumeEvent) => void>()

// A wake nobody listens for needs no keeping: a page that subscribes later connects afresh anyway.
ipcRenderer.on(EVENT_CHANNELS.resume, (_event, payload: unknown) => {
  if (!isResumeEvent(payload)) return
  const event: ResumeEvent = { reason: payload.reason }
  resumeListeners.forEach((listener) => listener(event))
})

const bridge: DesktopBridge = {
  notify: (input) => ipcRenderer.invoke(INVOKE_CHANNELS.notify, input),
  setBadge: (input) => ipcRenderer.invoke(INVOKE_CHANNELS.setBadge, input),
  openExternal: (input) => ipcRenderer.invoke(INVOKE_CHANNELS.openExternal, input),
  getInfo: () => ipcRenderer.invoke(INVOKE_CHANNELS.getInfo),
  getServerUrl: () => ipcRenderer.invoke(INVOKE_CHANNELS.getServerUrl),
  setServerUrl: (input) => ipcRenderer.invoke(INVOKE_CHANNELS.setServerUrl, input),
  setConnection: (input) => ipcRenderer.invoke(INVOKE_CHANNELS.setConnection, input),
  getSettings: () => ipcRenderer.invoke(INVOKE_CHANNELS.getSettings),
  setSettings: (changes) => ipcRenderer.invoke(INVOKE_CHANNELS.setSettings, changes),
  onDeepLink(callback) {
    deepLinkListeners.add(callback)
    if (pendingDeepLink) {
      const event = pendingDeepLink
      pendingDeepLink = undefined
      callback(event)
    }
    return () => {
      deepLinkListeners.delete(callback)
    }
  },
  onResume(callback) {
    resumeListeners.add(callback)
    return () => {
      resumeListeners.delete(callback)
    }
  },
}

contextBridge.exposeInMainWorld('desktop', bridge)

function isDeepLinkEvent(value: unknown): value is DeepLinkEvent {
  return typeof value === 'object' && value !== null && 'route' in value && typeof value.route === 'string'
}

function isResumeEvent(value: unknown): value is ResumeEvent {
  return typeof value === 'object' && value !== null && 'reason' in value && (value.reason === 'resume' || value.reason === 'unlock-screen')
}
