/**
 * IPC channel names, kept apart from the zod contract on purpose: the sandboxed preload can only
 * `require('electron')`, so it must not pull zod (or anything else) into its bundle just to know a name.
 */

/** Renderer → main request/response channels (`ipcRenderer.invoke` / `ipcMain.handle`). */
export const INVOKE_CHANNELS = {
  notify: 'desktop:notify',
  setBadge: 'desktop:set-badge',
  openExternal: 'desktop:open-external',
  getInfo: 'desktop:get-info',
  getServerUrl: 'desktop:get-server-url',
  setServerUrl: 'desktop:set-server-url',
  setConnection: 'desktop:set-connection',
  getSettings: 'desktop:get-settings',
  setSettings: 'desktop:set-settings',
} as const

/** Main → renderer events (`webContents.send` / `ipcRenderer.on`). */
export const EVENT_CHANNELS = {
  deepLink: 'desktop:deep-link',
  resume: 'desktop:resume',
} as const

export type InvokeChannel = (typeof INVOKE_CHANNELS)[keyof typeof INVOKE_CHANNELS]
export type EventChannel = (typeof EVENT_CHANNELS)[keyof typeof EVENT_CHANNELS]
