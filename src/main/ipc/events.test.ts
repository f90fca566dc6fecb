import { describe, expect, it, vi } from 'vitest'
import { EVENT_CHANNELS } from '@shared/ipc/contract'
import { sendDeepLink, sendResume, type IpcEventTarget } from './events'

describe('sendDeepLink', () => {
  it('sends the route on the deep-link channel', () => {
    const target = { send: vi.fn<IpcEventTarget['send']>() }
    sendDeepLink(target, '/trustap/auth/callback?code=1')
    expect(target.send).toHaveBeenCalledWith(EVENT_CHANNELS.deepLink, { route: '/trustap/auth/callback?code=1' })
  })

  it.each(['https://evil.example/', '//evil.example', 'chat/1', ''])('refuses to send %j', (route) => {
    const target = { send: vi.fn<IpcEventTarget['send']>() }
    expect(() => sendDeepLink(target, route)).toThrow()
    expect(target.send).not.toHaveBeenCalled()
  })
})

describe('sendResume', () => {
  it.each(['resume', 'unlock-screen'] as const)('sends %s on the resume channel', (reason) => {
    const target = { send: vi.fn<IpcEventTarget['send']>() }
    sendResume(target, reason)
    expect(target.send).toHaveBeenCalledWith(EVENT_CHANNELS.resume, { reason })
  })

  it('refuses a reason outside the contract', () => {
    const target = { send: vi.fn<IpcEventTarget['send']>() }
    expect(() => sendResume(target, 'shutdown' as 'resume')).toThrow()
    expect(target.send).not.toHaveBeenCalled()
  })
})
