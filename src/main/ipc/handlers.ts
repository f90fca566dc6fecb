import type { z } from 'zod'
import {
  INVOKE_CHANNELS,
  invokeContract,
  type InvokeChannel,
  type DesktopSettings,
  type DesktopSettingsChanges,
  type NotifyInput,
  type OpenExternalInput,
  type ServerUrlInfo,
  type SetBadgeInput,
  type SetConnectionInput,
  type SetServerUrlInput,
} from '@shared/ipc/contract'
import { isExternalUrlAllowed, isTrustedSender } from '../security'

/**
 * Registers the renderer → main channels. Every call is checked twice before any service runs:
 * the sending frame must show the server origin, and the argument must match the contract.
 */

/** The part of Electron's IpcMainInvokeEvent the checks need; `ipcMain` satisfies IpcAdapter as is. */
export interface IpcInvokeEvent {
  readonly senderFrame: { readonly url: string } | null
}

export type IpcListener = (event: IpcInvokeEvent, ...args: unknown[]) => unknown

export interface IpcAdapter {
  handle(channel: string, listener: IpcListener): void
}

/** What main does for each channel; results are validated against the contract before leaving. */
export interface DesktopServices {
  notify(input: NotifyInput): void | Promise<void>
  setBadge(input: SetBadgeInput): void | Promise<void>
  openExternal(input: OpenExternalInput): void | Promise<void>
  getInfo(): { version: string; platform: string }
  getServerUrl(): ServerUrlInfo
  setServerUrl(input: SetServerUrlInput): ServerUrlInfo | Promise<ServerUrlInfo>
  setConnection(input: SetConnectionInput): void
  getSettings(): DesktopSettings
  setSettings(changes: DesktopSettingsChanges): DesktopSettings
}

/** Thrown back to the renderer's invoke(); messages name the channel but never echo the payload. */
export class IpcRequestError extends Error {
  constructor(
    readonly channel: InvokeChannel,
    readonly reason: 'untrusted-sender' | 'invalid-input' | 'not-allowed' | 'invalid-output',
  ) {
    super(`${channel}: ${reason}`)
    this.name = 'IpcRequestError'
  }
}

interface ChannelSchemas<I, O> {
  input: z.ZodType<I>
  output: z.ZodType<O>
}

/** `serverOrigin` is asked on every call: the server address can change while the app runs. */
export function registerIpcHandlers(ipc: IpcAdapter, services: DesktopServices, serverOrigin: () => string): void {
  const { notify, setBadge, openExternal, getInfo, getServerUrl, setServerUrl } = INVOKE_CHANNELS
  handleChannel(ipc, serverOrigin, notify, invokeContract[notify], (input) => services.notify(input))
  handleChannel(ipc, serverOrigin, setBadge, invokeContract[setBadge], (input) => services.setBadge(input))
  handleChannel(ipc, serverOrigin, openExternal, invokeContract[openExternal], (input) => {
    // The contract only knows "http(s)"; which hosts may leave the app depends on the server origin.
    if (!isExternalUrlAllowed(input.url, serverOrigin())) throw new IpcRequestError(openExternal, 'not-allowed')
    return services.openExternal(input)
  })
  handleChannel(ipc, serverOrigin, getInfo, invokeContract[getInfo], () => services.getInfo())
  handleChannel(ipc, serverOrigin, getServerUrl, invokeContract[getServerUrl], () => services.getServerUrl())
  handleChannel(ipc, serverOrigin, setServerUrl, invokeContract[setServerUrl], (input) => services.setServerUrl(input))
  const { setConnection } = INVOKE_CHANNELS
  handleChannel(ipc, serverOrigin, setConnection, invokeContract[setConnection], (input) => services.setConnection(input))
  const { getSettings, setSettings } = INVOKE_CHANNELS
  handleChannel(ipc, serverOrigin, getSettings, invokeContract[getSettings], () => services.getSettings())
  handleChannel(ipc, serverOrigin, setSettings, invokeContract[setSettings], (changes) => services.setSettings(changes))
}

function handleChannel<I, O>(
  ipc: IpcAdapter,
  serverOrigin: () => string,
  channel: InvokeChannel,
  schemas: ChannelSchemas<I, O>,
  run: (input: I) => unknown,
): void {
  ipc.handle(channel, async (event, ...args) => {
    // A frame that navigated elsewhere (or an injected iframe) must not reach native features.
    if (!isTrustedSender(event.senderFrame?.url, serverOrigin())) throw new IpcRequestError(channel, 'untrusted-sender')
    // Each channel takes at most one argument; extra ones mean a caller that is not our preload.
    const input = schemas.input.safeParse(args[0])
    if (args.length > 1 || !input.success) throw new IpcRequestError(channel, 'invalid-input')
    const output = schemas.output.safeParse(await run(input.data))
    if (!output.success) throw new IpcRequestError(channel, 'invalid-output')
    return output.data
  })
}
