import { describe, expect, it, vi } from 'vitest'
import { guardWebContents, type GuardableContents, type NavigationAttempt } from './guards'

const origin = 'http://localhost:3000'

/** A stand-in WebContents that keeps the listeners guardWebContents installs. */
function setup(serverOrigin: () => string = () => origin) {
  let navigate: ((attempt: NavigationAttempt) => void) | undefined
  let attachWebview: ((cancel: () => void) => void) | undefined
  let windowOpen: ((url: string) => boolean) | undefined
  const contents: GuardableContents = {
    onNavigate: (listener) => void (navigate = listener),
    onAttachWebview: (listener) => void (attachWebview = listener),
    setWindowOpenHandler: (handler) => void (windowOpen = handler),
  }
  const openExternal = vi.fn<(url: string) => void>()
  guardWebContents(contents, serverOrigin, openExternal)
  if (!navigate || !attachWebview || !windowOpen) throw new Error('guard did not install every listener')

  const attempt = (url: string, isMainFrame = true) => {
    const preventDefault = vi.fn()
    navigate?.({ url, isMainFrame, preventDefault })
    return preventDefault
  }
  return { attempt, attachWebview, windowOpen, openExternal }
}

describe('guardWebContents', () => {
  it('lets navigation within the server origin proceed', () => {
    const { attempt, openExternal } = setup()
    expect(attempt('http://localhost:3000/listing/3')).not.toHaveBeenCalled()
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('stops navigation to another site and opens it in the browser instead', () => {
    const { attempt, openExternal } = setup()
    expect(attempt('https://checkout.trustap.com/pay/1')).toHaveBeenCalledOnce()
    expect(openExternal).toHaveBeenCalledWith('https://checkout.trustap.com/pay/1')
  })

  it('stops navigation to sites off the allow-list without opening them', () => {
    const { attempt, openExternal } = setup()
    expect(attempt('https://evil.example/phish')).toHaveBeenCalledOnce()
    expect(attempt('http://checkout.trustap.com/pay/1')).toHaveBeenCalledOnce()
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('stops navigation to non-web schemes without opening anything', () => {
    const { attempt, openExternal } = setup()
    expect(attempt('file:///etc/passwd')).toHaveBeenCalledOnce()
    expect(attempt('javascript:alert(1)')).toHaveBeenCalledOnce()
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('leaves sub-frame redirects to the page CSP', () => {
    const { attempt, openExternal } = setup()
    expect(attempt('https://www.youtube-nocookie.com/embed/x', false)).not.toHaveBeenCalled()
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('cancels every webview attach', () => {
    const { attachWebview } = setup()
    const cancel = vi.fn()
    attachWebview(cancel)
    expect(cancel).toHaveBeenCalledOnce()
  })

  it('opens same-origin windows in the app and everything else outside or nowhere', () => {
    const { windowOpen, openExternal } = setup()
    expect(windowOpen('http://localhost:3000/chat/9')).toBe(true)
    expect(windowOpen('https://www.youtube.com/@seller')).toBe(false)
    expect(openExternal).toHaveBeenCalledWith('https://www.youtube.com/@seller')
    expect(windowOpen('https://example.com/')).toBe(false)
    expect(windowOpen('about:blank')).toBe(false)
    expect(windowOpen('smb://attacker/share')).toBe(false)
    expect(openExternal).toHaveBeenCalledTimes(1)
  })

  it('follows the server address when it changes while the app runs', () => {
    let current = origin
    const { attempt, windowOpen } = setup(() => current)
    current = 'https://handover.example'
    expect(attempt('https://handover.example/chat/1')).not.toHaveBeenCalled()
    expect(attempt('http://localhost:3000/chat/1')).toHaveBeenCalledOnce()
    expect(windowOpen('https://handover.example/chat/2')).toBe(true)
    expect(windowOpen('http://localhost:3000/chat/2')).toBe(false)
  })
})
