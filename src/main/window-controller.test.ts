import { describe, expect, it, vi } from 'vitest'
import { createWindowController, type AppWindow } from './window-controller'

/** Fake windows that record what the controller asks of them; loading finishes when the test says so. */
function setup() {
  const opened: { initialRoute: string | undefined; window: ReturnType<typeof fakeWindow> }[] = []
  const controller = createWindowController((initialRoute) => {
    const window = fakeWindow()
    opened.push({ initialRoute, window })
    return window
  })
  return { controller, opened }
}

function fakeWindow() {
  let loaded = false
  const onLoaded: (() => void)[] = []
  const onClosed: (() => void)[] = []
  const window = {
    focus: vi.fn(),
    sendDeepLink: vi.fn<(route: string) => void>(),
    whenLoaded: (callback: () => void) => (loaded ? callback() : void onLoaded.push(callback)),
    onClosed: (callback: () => void) => void onClosed.push(callback),
    attract: vi.fn(),
    finishLoading: () => {
      loaded = true
      onLoaded.splice(0).forEach((callback) => callback())
    },
    close: () => onClosed.forEach((callback) => callback()),
    /** callbacks waiting for the app page */
    waiting: () => onLoaded.length,
  } satisfies AppWindow & Record<string, unknown>
  return window
}

describe('createWindowController', () => {
  it('opens no window before start, then one at the link that launched the app', () => {
    const { controller, opened } = setup()
    controller.openLink('handover://chat/5')
    controller.show()
    expect(opened).toHaveLength(0)
    controller.start(['/usr/bin/handover'])
    expect(opened.map((entry) => entry.initialRoute)).toEqual(['/chat/5'])
  })

  it('reads a launch link from argv (Windows, Linux)', () => {
    const { controller, opened } = setup()
    controller.start(['Handover.exe', 'handover://payment/return?status=paid'])
    expect(opened[0].initialRoute).toBe('/payment/trustap/return?status=paid')
  })

  it('starts at the home page without a valid link', () => {
    const { controller, opened } = setup()
    controller.start(['Handover.exe', 'handover://admin/1'])
    expect(opened).toHaveLength(1)
    expect(opened[0].initialRoute).toBeUndefined()
  })

  it('focuses the existing window and sends the route once its page has loaded', () => {
    const { controller, opened } = setup()
    controller.start([])
    const { window } = opened[0]
    controller.openLink('handover://listing/8')
    expect(opened).toHaveLength(1)
    expect(window.focus).toHaveBeenCalledOnce()
    expect(window.sendDeepLink).not.toHaveBeenCalled()
    window.finishLoading()
    expect(window.sendDeepLink).toHaveBeenCalledWith('/listing/8')
  })

  it("routes a second instance's command line", () => {
    const { controller, opened } = setup()
    controller.start([])
    const { window } = opened[0]
    window.finishLoading()
    controller.openFromArgv(['Handover.exe', '--flag', 'handover://trustap/auth/callback?code=x'])
    expect(window.sendDeepLink).toHaveBeenCalledWith('/trustap/auth/callback?code=x')
  })

  it('only brings the window forward for unknown links or a plain second launch', () => {
    const { controller, opened } = setup()
    controller.start([])
    const { window } = opened[0]
    controller.openLink('handover://chat/0')
    controller.openLink(undefined)
    window.finishLoading()
    expect(window.focus).toHaveBeenCalledTimes(2)
    expect(window.sendDeepLink).not.toHaveBeenCalled()
  })

  it('opens a new window at the route after the last one closed (macOS dock)', () => {
    const { controller, opened } = setup()
    controller.start([])
    opened[0].window.close()
    controller.openLink('handover://transaction/12')
    expect(opened.map((entry) => entry.initialRoute)).toEqual([undefined, '/transaction/12'])
    expect(opened[0].window.sendDeepLink).not.toHaveBeenCalled()
  })

  it('keeps a link that arrives while the offline screen shows until the app page has loaded', () => {
    const { controller, opened } = setup()
    controller.start([])
    const { window } = opened[0]
    // the window shows the offline screen: its loads, and its own retries, are not the app's
    controller.openLink('handover://chat/5')
    expect(window.sendDeepLink).not.toHaveBeenCalled()
    window.finishLoading()
    expect(window.sendDeepLink).toHaveBeenCalledExactlyOnceWith('/chat/5')
  })

  it('sends only the latest of the links that waited, once', () => {
    const { controller, opened } = setup()
    controller.start([])
    const { window } = opened[0]
    controller.openLink('handover://chat/5')
    controller.openLink('handover://listing/8')
    controller.openLink(undefined)
    expect(window.waiting()).toBe(1)
    window.finishLoading()
    expect(window.sendDeepLink.mock.calls).toEqual([['/listing/8']])
    controller.openLink('handover://transaction/12')
    expect(window.sendDeepLink.mock.calls).toEqual([['/listing/8'], ['/transaction/12']])
  })

  it('gives a link that waited for a window since closed to the next window only as its own', () => {
    const { controller, opened } = setup()
    controller.start([])
    controller.openLink('handover://chat/5')
    opened[0].window.close()
    // a load the closed window still reports delivers nothing, to it or to the next
    opened[0].window.finishLoading()
    controller.openLink('handover://listing/8')
    const next = opened[1].window
    expect(opened[1].initialRoute).toBe('/listing/8')
    controller.openLink('handover://transaction/12')
    next.finishLoading()
    expect(next.sendDeepLink.mock.calls).toEqual([['/transaction/12']])
    expect(opened[0].window.sendDeepLink).not.toHaveBeenCalled()
  })

  it('draws attention to the window for a notification, and does nothing without one', () => {
    const { controller, opened } = setup()
    expect(() => controller.attract()).not.toThrow()
    controller.start([])
    controller.attract()
    expect(opened[0].window.attract).toHaveBeenCalledOnce()
    opened[0].window.close()
    controller.attract()
    expect(opened[0].window.attract).toHaveBeenCalledOnce()
  })
})
