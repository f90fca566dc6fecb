import { describe, expect, it, vi } from 'vitest'
import { changeWhenConfirmed, createServerLocation, sameRouteAt, type ConfirmServerChange } from './server-location'
import type { AppSettings, SettingsStore } from './settings-store'

const LOCAL = 'http://localhost:3000'

function memorySettings(initial: AppSettings = {}) {
  let stored = { ...initial }
  const settings: SettingsStore = {
    load: () => ({ ...stored }),
    save: vi.fn((changes: AppSettings) => void (stored = { ...stored, ...changes })),
  }
  return { settings, stored: () => stored }
}

describe('createServerLocation', () => {
  it('prefers HANDOVER_SERVER_URL, then the saved address, then the local server', () => {
    const saved = memorySettings({ serverUrl: 'https://saved.example' })
    expect(createServerLocation({ builtIn: LOCAL, environment: 'https://env.example/', settings: saved.settings }).info()).toEqual({
      url: 'https://env.example',
      fromEnvironment: true,
    })
    expect(createServerLocation({ builtIn: LOCAL, environment: undefined, settings: saved.settings }).info()).toEqual({
      url: 'https://saved.example',
      fromEnvironment: false,
    })
    expect(createServerLocation({ builtIn: LOCAL, environment: '', settings: memorySettings().settings }).origin()).toBe('http://localhost:3000')
  })

  it('ignores a saved address that is not a valid server, with a log line', () => {
    const warn = vi.fn()
    const location = createServerLocation({
      builtIn: LOCAL,
      environment: undefined,
      settings: memorySettings({ serverUrl: 'javascript:alert(1)' }).settings,
      warn,
    })
    expect(location.origin()).toBe('http://localhost:3000')
    expect(warn).toHaveBeenCalledOnce()
  })

  it('saves a new address, applies it at once and tells the listeners', () => {
    const { settings, stored } = memorySettings()
    const location = createServerLocation({ builtIn: LOCAL, environment: undefined, settings })
    const listener = vi.fn()
    location.onChange(listener)
    expect(location.change('https://handover.example/some/page?x=1')).toEqual({ url: 'https://handover.example', fromEnvironment: false })
    expect(stored()).toEqual({ serverUrl: 'https://handover.example' })
    expect(location.origin()).toBe('https://handover.example')
    expect(listener).toHaveBeenCalledWith('https://handover.example')
  })

  it('does not announce an address that did not change', () => {
    const location = createServerLocation({ builtIn: LOCAL, environment: undefined, settings: memorySettings().settings })
    const listener = vi.fn()
    location.onChange(listener)
    location.change('http://localhost:3000/')
    expect(listener).not.toHaveBeenCalled()
  })

  it('saves but does not apply an address while HANDOVER_SERVER_URL decides', () => {
    const { settings, stored } = memorySettings()
    const location = createServerLocation({ builtIn: LOCAL, environment: 'https://env.example', settings })
    const listener = vi.fn()
    location.onChange(listener)
    expect(location.change('https://handover.example')).toEqual({ url: 'https://env.example', fromEnvironment: true })
    expect(stored()).toEqual({ serverUrl: 'https://handover.example' })
    expect(location.origin()).toBe('https://env.example')
    expect(listener).not.toHaveBeenCalled()
  })

  it.each([
    'ftp://handover.example',
    'https://user:pw@handover.example',
    'handover.example',
    ' https://handover.example',
    'http://handover.example',
    'http://192.168.1.20:3000',
  ])('refuses %j without saving or applying it', (url) => {
    const { settings } = memorySettings()
    const location = createServerLocation({ builtIn: LOCAL, environment: undefined, settings })
    expect(() => location.change(url)).toThrow(/absolute http\(s\) URL/)
    expect(settings.save).not.toHaveBeenCalled()
    expect(location.origin()).toBe('http://localhost:3000')
  })

  it('keeps the old address when the new one cannot be saved', () => {
    const { settings } = memorySettings()
    vi.mocked(settings.save).mockImplementation(() => {
      throw new Error('EACCES')
    })
    const location = createServerLocation({ builtIn: LOCAL, environment: undefined, settings })
    expect(() => location.change('https://handover.example')).toThrow('EACCES')
    expect(location.origin()).toBe('http://localhost:3000')
  })

  it('takes plain http only from this computer', () => {
    const location = createServerLocation({ builtIn: 'https://handover.example', environment: undefined, settings: memorySettings().settings })
    expect(location.change('http://127.0.0.1:3000/').url).toBe('http://127.0.0.1:3000')
    expect(location.change('http://localhost:4000').url).toBe('http://localhost:4000')
    expect(location.change('http://[::1]:3000').url).toBe('http://[::1]:3000')
    expect(() => location.change('http://handover.example')).toThrow(/https unless it is this computer/)
  })

  it("starts at the build's own server when nothing else is set", () => {
    const location = createServerLocation({ builtIn: 'https://handover.example', environment: undefined, settings: memorySettings().settings })
    expect(location.info()).toEqual({ url: 'https://handover.example', fromEnvironment: false })
  })

  it('stops the app on a bad HANDOVER_SERVER_URL', () => {
    expect(() => createServerLocation({ builtIn: LOCAL, environment: 'ftp://x.example', settings: memorySettings().settings })).toThrow(
      /HANDOVER_SERVER_URL/,
    )
  })
})

describe('changeWhenConfirmed (the bridge: any page of the server can call it)', () => {
  const setUp = (environment?: string) => {
    const { settings, stored } = memorySettings({ serverUrl: 'https://saved.example' })
    const location = createServerLocation({ builtIn: LOCAL, environment, settings })
    const listener = vi.fn()
    location.onChange(listener)
    return { location, settings, stored, listener }
  }
  const answer = (yes: boolean) => vi.fn<ConfirmServerChange>(async () => yes)

  it('moves the app only once the user confirms, and asks about the new origin', async () => {
    const { location, stored, listener } = setUp()
    const confirm = answer(true)
    await expect(changeWhenConfirmed(location, 'https://other.example/x?y=1', confirm)).resolves.toEqual({
      url: 'https://other.example',
      fromEnvironment: false,
    })
    expect(confirm).toHaveBeenCalledOnce()
    const prompt = confirm.mock.calls[0]![0]
    expect(prompt.message).toBe('Connect Handover to https://other.example?')
    expect(prompt.detail).toContain('instead of https://saved.example')
    expect(prompt.buttons).toEqual(['Connect', 'Cancel'])
    expect(stored()).toEqual({ serverUrl: 'https://other.example' })
    expect(listener).toHaveBeenCalledWith('https://other.example')
  })

  it('changes nothing when the user cancels, and answers with the address as it was', async () => {
    const { location, settings, listener } = setUp()
    await expect(changeWhenConfirmed(location, 'https://other.example', answer(false))).resolves.toEqual({
      url: 'https://saved.example',
      fromEnvironment: false,
    })
    expect(settings.save).not.toHaveBeenCalled()
    expect(listener).not.toHaveBeenCalled()
    expect(location.origin()).toBe('https://saved.example')
  })

  it('asks nothing to try the same server again', async () => {
    const { location, listener } = setUp()
    const confirm = answer(false)
    await expect(changeWhenConfirmed(location, 'https://saved.example/', confirm)).resolves.toEqual({
      url: 'https://saved.example',
      fromEnvironment: false,
    })
    expect(confirm).not.toHaveBeenCalled()
    expect(listener).not.toHaveBeenCalled()
  })

  it('refuses an invalid address without asking or saving', async () => {
    const { location, settings } = setUp()
    const confirm = answer(true)
    await expect(changeWhenConfirmed(location, 'javascript:alert(1)', confirm)).rejects.toThrow(/absolute http\(s\) URL/)
    expect(confirm).not.toHaveBeenCalled()
    expect(settings.save).not.toHaveBeenCalled()
  })

  it('tells the user that HANDOVER_SERVER_URL still decides while it is set', async () => {
    const { location, stored } = setUp('https://env.example')
    const confirm = answer(true)
    await expect(changeWhenConfirmed(location, 'https://other.example', confirm)).resolves.toEqual({
      url: 'https://env.example',
      fromEnvironment: true,
    })
    expect(confirm.mock.calls[0]![0].detail).toBe(
      'The address is saved for when HANDOVER_SERVER_URL is unset; until then the app stays on https://env.example.',
    )
    expect(stored()).toEqual({ serverUrl: 'https://other.example' })
  })
})

describe('sameRouteAt', () => {
  it.each([
    ['http://localhost:3000/chat/12?tab=files#m4', 'https://handover.example/chat/12?tab=files#m4'],
    ['http://localhost:3000/', 'https://handover.example/'],
    ['http://localhost:3000//evil.example/x', 'https://handover.example/'],
    ['about:blank', 'https://handover.example/'],
    ['', 'https://handover.example/'],
    ['file:///etc/passwd', 'https://handover.example/'],
  ])('takes %j to %s', (current, target) => {
    expect(sameRouteAt(current, 'https://handover.example')).toBe(target)
  })
})
