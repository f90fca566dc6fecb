import { describe, expect, it, vi } from 'vitest'
import { createNotifier, type NativeNotification, type NotificationPort } from './notifications'

function setup(supported = true) {
  const shown: { options: { title: string; body: string }; click: () => void; show: () => void }[] = []
  const port: NotificationPort = {
    isSupported: () => supported,
    create(options) {
      const entry = { options, click: () => {}, show: vi.fn() }
      shown.push(entry)
      const notification: NativeNotification = {
        onClick: (callback) => void (entry.click = callback),
        onClose: () => {},
        show: entry.show,
      }
      return notification
    },
  }
  const openRoute = vi.fn<(route?: string) => void>()
  return { notify: createNotifier(port, openRoute), shown, openRoute }
}

describe('createNotifier', () => {
  it('shows the title and body', () => {
    const { notify, shown } = setup()
    notify({ title: 'Payment received', body: '$15.00 is in escrow' })
    expect(shown).toHaveLength(1)
    expect(shown[0].options).toEqual({ title: 'Payment received', body: '$15.00 is in escrow' })
    expect(shown[0].show).toHaveBeenCalledOnce()
  })

  it('opens the notification route on click', () => {
    const { notify, shown, openRoute } = setup()
    notify({ title: 'New message', body: 'Hi', route: '/chat/3' })
    expect(openRoute).not.toHaveBeenCalled()
    shown[0].click()
    expect(openRoute).toHaveBeenCalledWith('/chat/3')
  })

  it('brings the window forward on click when there is no route', () => {
    const { notify, shown, openRoute } = setup()
    notify({ title: 'Hello', body: '' })
    shown[0].click()
    expect(openRoute).toHaveBeenCalledWith(undefined)
  })

  it('does nothing where the OS has no notifications', () => {
    const { notify, shown } = setup(false)
    notify({ title: 'Hello', body: '' })
    expect(shown).toHaveLength(0)
  })
})
