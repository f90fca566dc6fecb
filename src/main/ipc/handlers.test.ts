import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_DESKTOP_SETTINGS, INVOKE_CHANNELS, type InvokeChannel } from '@shared/ipc/contract'
import { IpcRequestError, registerIpcHandlers, type DesktopServices, type IpcAdapter, type IpcListener } from './handlers'

const origin = 'http://localhost:3000'
const trusted = { senderFrame: { url: 'http://localhost:3000/messages' } }

/** Records what registerIpcHandlers hands to ipcMain.handle, and lets a test call it like the renderer would. */
function setup(overrides: Partial<DesktopServices> = {}, serverOrigin: () => string = () => origin) {
  const listeners = new Map<string, IpcListener>()
  const adapter: IpcAdapter = { handle: (channel, listener) => void listeners.set(channel, listener) }
  const services = {
    notify: vi.fn<DesktopServices['notify']>(),
    setBadge: vi.fn<DesktopServices['setBadge']>(),
    openExternal: vi.fn<DesktopServices['openExternal']>(),
    getInfo: vi.fn<DesktopServices['getInfo']>(() => ({ version: '0.1.0', platform: 'linux' })),
    getServerUrl: vi.fn<DesktopServices['getServerUrl']>(() => ({ url: origin, fromEnvironment: false })),
    setServerUrl: vi.fn<DesktopServices['setServerUrl']>(({ url }) => ({ url: new URL(url).origin, fromEnvironment: false })),
    setConnection: vi.fn<DesktopServices['setConnection']>(),
    getSettings: vi.fn<DesktopServices['getSettings']>(() => DEFAULT_DESKTOP_SETTINGS),
    setSettings: vi.fn<DesktopServices['setSettings']>((changes) => ({
      openAtLogin: changes.openAtLogin ?? false,
      adminAlerts: { ...DEFAULT_DESKTOP_SETTINGS.adminAlerts, ...changes.adminAlerts },
    })),
    ...overrides,
  }
  registerIpcHandlers(adapter, services, serverOrigin)
  const invoke = async (channel: InvokeChannel, event: Parameters<IpcListener>[0], ...args: unknown[]) => {
    const listener = listeners.get(channel)
    if (!listener) throw new Error(`no handler for ${channel}`)
    return listener(event, ...args)
  }
  return { listeners, services, invoke }
}

function rejection(reason: IpcRequestError['reason']) {
  return expect.objectContaining({ name: 'IpcRequestError', reason })
}

describe('registerIpcHandlers', () => {
  it('registers exactly the contract channels', () => {
    const { listeners } = setup()
    expect([...listeners.keys()].sort()).toEqual(Object.values(INVOKE_CHANNELS).sort())
  })

  it('passes valid input to the service, without unknown keys', async () => {
    const { services, invoke } = setup()
    const input = { title: 'New message', body: 'Hi', route: '/chat/4', extra: 'dropped' }
    await expect(invoke(INVOKE_CHANNELS.notify, trusted, input)).resolves.toBeUndefined()
    expect(services.notify).toHaveBeenCalledWith({ title: 'New message', body: 'Hi', route: '/chat/4' })

    await invoke(INVOKE_CHANNELS.setBadge, trusted, { count: 0 })
    expect(services.setBadge).toHaveBeenCalledWith({ count: 0 })

    await invoke(INVOKE_CHANNELS.openExternal, trusted, { url: 'https://checkout.trustap.com/p/1' })
    expect(services.openExternal).toHaveBeenCalledWith({ url: 'https://checkout.trustap.com/p/1' })
  })

  it('reads and saves the server address through the service', async () => {
    const { services, invoke } = setup()
    await expect(invoke(INVOKE_CHANNELS.getServerUrl, trusted)).resolves.toEqual({ url: origin, fromEnvironment: false })
    await expect(invoke(INVOKE_CHANNELS.setServerUrl, trusted, { url: 'https://handover.example/app', extra: 1 })).resolves.toEqual({
      url: 'https://handover.example',
      fromEnvironment: false,
    })
    expect(services.setServerUrl).toHaveBeenCalledWith({ url: 'https://handover.example/app' })
  })

  it('trusts only the current server origin once the address has changed', async () => {
    let current = origin
    const { invoke } = setup({}, () => current)
    current = 'https://handover.example'
    await expect(invoke(INVOKE_CHANNELS.getServerUrl, trusted)).rejects.toEqual(rejection('untrusted-sender'))
    await expect(invoke(INVOKE_CHANNELS.getInfo, { senderFrame: { url: 'https://handover.example/' } })).resolves.toBeDefined()
    await expect(
      invoke(INVOKE_CHANNELS.openExternal, { senderFrame: { url: 'https://handover.example/' } }, { url: 'http://localhost:3000/x' }),
    ).rejects.toEqual(rejection('not-allowed'))
  })

  it.each(['connected', 'connecting', 'offline'])('hands the connection state %s to the tray', async (state) => {
    const { services, invoke } = setup()
    await expect(invoke(INVOKE_CHANNELS.setConnection, trusted, { state, extra: 1 })).resolves.toBeUndefined()
    expect(services.setConnection).toHaveBeenCalledWith({ state })
  })

  it.each([[{ state: 'down' }], [{}], ['offline'], [{ state: 'offline' }, { state: 'connected' }]])(
    'refuses the connection state %j',
    async (...args) => {
      const { services, invoke } = setup()
      await expect(invoke(INVOKE_CHANNELS.setConnection, trusted, ...args)).rejects.toEqual(rejection('invalid-input'))
      await expect(invoke(INVOKE_CHANNELS.setConnection, { senderFrame: { url: 'https://evil.example/' } }, { state: 'offline' })).rejects.toEqual(
        rejection('untrusted-sender'),
      )
      expect(services.setConnection).not.toHaveBeenCalled()
    },
  )

  it("reads and changes this computer's desktop settings through the service", async () => {
    const { services, invoke } = setup()
    await expect(invoke(INVOKE_CHANNELS.getSettings, trusted)).resolves.toEqual({
      openAtLogin: false,
      adminAlerts: { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true },
    })
    const changed = await invoke(INVOKE_CHANNELS.setSettings, trusted, { openAtLogin: true, adminAlerts: { dispute: false, other: true }, extra: 1 })
    expect(services.setSettings).toHaveBeenCalledWith({ openAtLogin: true, adminAlerts: { dispute: false } })
    expect(changed).toEqual({ openAtLogin: true, adminAlerts: { stuckPayment: true, dispute: false, withdrawal: true, listingReview: true } })
  })

  it.each<[InvokeChannel, unknown[]]>([
    [INVOKE_CHANNELS.getSettings, [{}]],
    [INVOKE_CHANNELS.setSettings, []],
    [INVOKE_CHANNELS.setSettings, [{ openAtLogin: 'yes' }]],
    [INVOKE_CHANNELS.setSettings, [{ openAtLogin: 1 }]],
    [INVOKE_CHANNELS.setSettings, [{ adminAlerts: false }]],
    [INVOKE_CHANNELS.setSettings, [{ adminAlerts: { dispute: 'off' } }]],
    [INVOKE_CHANNELS.setSettings, [{ openAtLogin: true }, { openAtLogin: false }]],
  ])('%s refuses invalid settings %j', async (channel, args) => {
    const { services, invoke } = setup()
    await expect(invoke(channel, trusted, ...args)).rejects.toEqual(rejection('invalid-input'))
    expect(services.getSettings).not.toHaveBeenCalled()
    expect(services.setSettings).not.toHaveBeenCalled()
  })

  it('refuses desktop settings to a page of another origin', async () => {
    const { services, invoke } = setup()
    const stranger = { senderFrame: { url: 'https://evil.example/' } }
    await expect(invoke(INVOKE_CHANNELS.getSettings, stranger)).rejects.toEqual(rejection('untrusted-sender'))
    await expect(invoke(INVOKE_CHANNELS.setSettings, stranger, { openAtLogin: true })).rejects.toEqual(rejection('untrusted-sender'))
    expect(services.setSettings).not.toHaveBeenCalled()
  })

  it('refuses settings output that breaks the contract', async () => {
    const { invoke } = setup({ getSettings: () => ({ openAtLogin: true }) as never })
    await expect(invoke(INVOKE_CHANNELS.getSettings, trusted)).rejects.toEqual(rejection('invalid-output'))
  })

  it('returns validated desktop info', async () => {
    const { invoke } = setup()
    await expect(invoke(INVOKE_CHANNELS.getInfo, trusted)).resolves.toEqual({ version: '0.1.0', platform: 'linux' })
  })

  it.each([
    ['foreign origin', { senderFrame: { url: 'https://evil.example/' } }],
    ['other port', { senderFrame: { url: 'http://localhost:3001/' } }],
    ['file page', { senderFrame: { url: 'file:///tmp/x.html' } }],
    ['destroyed frame', { senderFrame: null }],
  ])('refuses a sender from a %s before validating anything', async (_name, event) => {
    const { services, invoke } = setup()
    for (const channel of Object.values(INVOKE_CHANNELS)) {
      await expect(invoke(channel, event, { title: 't', body: 'b', count: 1, url: 'https://x.example' })).rejects.toEqual(
        rejection('untrusted-sender'),
      )
    }
    expect(services.notify).not.toHaveBeenCalled()
    expect(services.setBadge).not.toHaveBeenCalled()
    expect(services.openExternal).not.toHaveBeenCalled()
    expect(services.getInfo).not.toHaveBeenCalled()
    expect(services.getServerUrl).not.toHaveBeenCalled()
    expect(services.setServerUrl).not.toHaveBeenCalled()
  })

  it.each<[InvokeChannel, unknown[]]>([
    [INVOKE_CHANNELS.notify, [{ body: 'no title' }]],
    [INVOKE_CHANNELS.notify, [{ title: '', body: 'b' }]],
    [INVOKE_CHANNELS.notify, [{ title: 'x'.repeat(201), body: 'b' }]],
    [INVOKE_CHANNELS.notify, [{ title: 't', body: 'b', route: 'https://evil.example/' }]],
    [INVOKE_CHANNELS.notify, [{ title: 't', body: 'b', route: '//evil.example/' }]],
    [INVOKE_CHANNELS.notify, [{ title: 't', body: 'b', route: '/\\evil.example' }]],
    [INVOKE_CHANNELS.notify, ['New message']],
    [INVOKE_CHANNELS.notify, []],
    [INVOKE_CHANNELS.setBadge, [{ count: -1 }]],
    [INVOKE_CHANNELS.setBadge, [{ count: 1.5 }]],
    [INVOKE_CHANNELS.setBadge, [{ count: '3' }]],
    [INVOKE_CHANNELS.setBadge, [{ count: Number.NaN }]],
    [INVOKE_CHANNELS.setBadge, [{ count: Number.POSITIVE_INFINITY }]],
    [INVOKE_CHANNELS.setBadge, [3]],
    [INVOKE_CHANNELS.setBadge, [{ count: 1 }, { count: 2 }]],
    [INVOKE_CHANNELS.openExternal, [{ url: 'javascript:alert(1)' }]],
    [INVOKE_CHANNELS.openExternal, [{ url: 'file:///etc/passwd' }]],
    [INVOKE_CHANNELS.openExternal, [{ url: 'smb://attacker/share' }]],
    [INVOKE_CHANNELS.openExternal, [{ url: 'https://bank.example@evil.example/' }]],
    [INVOKE_CHANNELS.openExternal, [{ url: '/chat/1' }]],
    [INVOKE_CHANNELS.openExternal, [{ url: 42 }]],
    [INVOKE_CHANNELS.getInfo, [{}]],
    [INVOKE_CHANNELS.getInfo, [undefined, 'extra']],
    [INVOKE_CHANNELS.getServerUrl, [{}]],
    [INVOKE_CHANNELS.setServerUrl, [{}]],
    [INVOKE_CHANNELS.setServerUrl, ['https://handover.example']],
    [INVOKE_CHANNELS.setServerUrl, [{ url: 'handover.example' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: '/chat/1' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: 'ftp://handover.example' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: 'file:///etc/passwd' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: 'javascript:alert(1)' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: 'https://user:secret@handover.example' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: ' https://handover.example' }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: `https://handover.example/${'a'.repeat(2048)}` }]],
    [INVOKE_CHANNELS.setServerUrl, [{ url: 42 }]],
  ])('%s refuses invalid arguments %j', async (channel, args) => {
    const { services, invoke } = setup()
    await expect(invoke(channel, trusted, ...args)).rejects.toEqual(rejection('invalid-input'))
    expect(services.notify).not.toHaveBeenCalled()
    expect(services.setBadge).not.toHaveBeenCalled()
    expect(services.openExternal).not.toHaveBeenCalled()
    expect(services.getInfo).not.toHaveBeenCalled()
    expect(services.getServerUrl).not.toHaveBeenCalled()
    expect(services.setServerUrl).not.toHaveBeenCalled()
  })

  it.each(['https://evil.example/', 'https://trustap.com.evil.example/', 'http://youtube.com/', 'http://localhost:3001/pay'])(
    'refuses to open %s, off the allow-list and the server origin',
    async (url) => {
      const { services, invoke } = setup()
      await expect(invoke(INVOKE_CHANNELS.openExternal, trusted, { url })).rejects.toEqual(rejection('not-allowed'))
      expect(services.openExternal).not.toHaveBeenCalled()
    },
  )

  it('opens pages of the server origin itself (the sandbox checkout)', async () => {
    const { services, invoke } = setup()
    await invoke(INVOKE_CHANNELS.openExternal, trusted, { url: 'http://localhost:3000/sandbox/checkout/4' })
    expect(services.openExternal).toHaveBeenCalledWith({ url: 'http://localhost:3000/sandbox/checkout/4' })
  })

  it('never echoes the payload in the error message', async () => {
    const { invoke } = setup()
    const error = await invoke(INVOKE_CHANNELS.openExternal, trusted, { url: 'javascript:secret-token' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(IpcRequestError)
    expect(String(error)).not.toContain('secret-token')
  })

  it('refuses to return output that breaks the contract', async () => {
    const { invoke } = setup({
      getInfo: () => ({ version: '0.1.0', platform: 'freebsd' }),
      getServerUrl: () => ({ url: 'file:///srv', fromEnvironment: false }),
    })
    await expect(invoke(INVOKE_CHANNELS.getInfo, trusted)).rejects.toEqual(rejection('invalid-output'))
    await expect(invoke(INVOKE_CHANNELS.getServerUrl, trusted)).rejects.toEqual(rejection('invalid-output'))
  })

  it('lets service failures reach the caller', async () => {
    const { invoke } = setup({
      openExternal: () => Promise.reject(new Error('no browser')),
    })
    await expect(invoke(INVOKE_CHANNELS.openExternal, trusted, { url: 'https://x.com/seller' })).rejects.toThrow('no browser')
  })
})
