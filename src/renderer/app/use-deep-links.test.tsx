// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { matchPath, MemoryRouter, useLocation } from 'react-router-dom'
import type { DeepLinkEvent, DesktopBridge } from '@shared/ipc/contract'
import { deepLinkEventSchema } from '@shared/ipc/contract'
import { SPEC_ROUTE_TABLE } from './routes'
import { useDeepLinks } from './use-deep-links'

afterEach(() => {
  cleanup()
  delete window.desktop
})

// What the desktop shell's parser makes of each handover:// link it accepts (src/main/deep-links.ts).
const ROUTES = [
  '/chat/12',
  '/listing/3',
  '/transaction/45',
  '/trustap/auth/callback?code=abc&state=x%2By',
  '/payment/trustap/return?order_id=deposit_7_1700000000&type=deposit&status=paid&state=eyJvcmRlcklkIjoiZCJ9',
]

function Probe() {
  useDeepLinks()
  const location = useLocation()
  return <output data-testid="at">{location.pathname + location.search}</output>
}

function withBridge() {
  const listeners = new Set<(event: DeepLinkEvent) => void>()
  window.desktop = {
    onDeepLink: vi.fn((callback: (event: DeepLinkEvent) => void) => {
      listeners.add(callback)
      return () => listeners.delete(callback)
    }),
  } as unknown as DesktopBridge
  return { fire: (route: string) => act(() => listeners.forEach((listener) => listener({ route }))), listeners }
}

describe('deep links', () => {
  it.each(ROUTES)('opens %s on its screen, query and all', (route) => {
    const bridge = withBridge()
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    )
    expect(deepLinkEventSchema.safeParse({ route }).success).toBe(true)
    bridge.fire(route)
    expect(screen.getByTestId('at').textContent).toBe(route)
    const pathname = route.split('?')[0]!
    expect(SPEC_ROUTE_TABLE.some((spec) => spec.screen && matchPath(spec.path, pathname))).toBe(true)
  })

  it('stops listening when the app unmounts', () => {
    const bridge = withBridge()
    const view = render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    )
    expect(bridge.listeners.size).toBe(1)
    view.unmount()
    expect(bridge.listeners.size).toBe(0)
  })
})
