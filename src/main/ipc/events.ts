import { EVENT_CHANNELS, eventContract, type ResumeEvent } from '@shared/ipc/contract'

/** Main → renderer events. Payloads are validated here too, so the renderer can trust their shape. */

/** The part of Electron's WebContents that sends; `webContents` satisfies it as is. */
export interface IpcEventTarget {
  send(channel: string, ...args: unknown[]): void
}

/** Tells the page to open `route` (a handover:// link or a notification click). Throws on a non-route. */
export function sendDeepLink(target: IpcEventTarget, route: string): void {
  const payload = eventContract[EVENT_CHANNELS.deepLink].parse({ route })
  target.send(EVENT_CHANNELS.deepLink, payload)
}

/** Tells the page the machine woke or was unlocked, so its live connection reconnects without waiting. */
export function sendResume(target: IpcEventTarget, reason: ResumeEvent['reason']): void {
  const payload = eventContract[EVENT_CHANNELS.resume].parse({ reason })
  target.send(EVENT_CHANNELS.resume, payload)
}
