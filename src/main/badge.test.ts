import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createBadge, overlayImage, type BadgePort } from './badge'

function setup(platform: string) {
  const port = {
    setAppBadge: vi.fn<BadgePort['setAppBadge']>(),
    setOverlay: vi.fn<BadgePort['setOverlay']>(),
    setTrayUnread: vi.fn<BadgePort['setTrayUnread']>(),
  }
  return { port, setBadge: createBadge(platform, port) }
}

describe('createBadge', () => {
  it.each(['darwin', 'linux'])('counts natively on %s and never touches the overlay', (platform) => {
    const { port, setBadge } = setup(platform)
    for (const count of [0, 1, 9, 10, 150]) setBadge(count)
    expect(port.setAppBadge.mock.calls).toEqual([[0], [1], [9], [10], [150]])
    expect(port.setOverlay).not.toHaveBeenCalled()
  })

  it.each([
    [0, null, ''],
    [1, 'overlay-1.png', '1 unread'],
    [9, 'overlay-9.png', '9 unread'],
    [10, 'overlay-9plus.png', '10 unread'],
    [150, 'overlay-9plus.png', '150 unread'],
  ])('on win32 shows %i as the overlay %j described as %j', (count, image, description) => {
    const { port, setBadge } = setup('win32')
    setBadge(count)
    expect(port.setOverlay).toHaveBeenCalledExactlyOnceWith(image, description)
    expect(port.setAppBadge).not.toHaveBeenCalled()
  })

  it.each(['darwin', 'linux', 'win32'])('updates the tray with the same count on %s', (platform) => {
    const { port, setBadge } = setup(platform)
    setBadge(3)
    setBadge(0)
    expect(port.setTrayUnread.mock.calls).toEqual([[3], [0]])
  })
})

describe('overlayImage', () => {
  it('has a drawn image for every count it names', () => {
    const resources = join(import.meta.dirname, '..', '..', 'resources')
    for (let count = 1; count <= 12; count++) {
      const image = overlayImage(count)
      expect(image).not.toBeNull()
      expect(existsSync(join(resources, image ?? ''))).toBe(true)
      expect(existsSync(join(resources, (image ?? '').replace('.png', '@2x.png')))).toBe(true)
    }
  })
})
