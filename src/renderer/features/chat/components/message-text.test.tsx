// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { DesktopBridge } from '@shared/ipc/contract'
import { toastStore } from '@/hooks/use-toast'
import { MessageText } from './message-text'

afterEach(() => {
  cleanup()
  delete window.desktop
  toastStore.clear()
})

describe('MessageText', () => {
  it('shows markup as text and makes only http(s) addresses links that open safely', () => {
    const { container } = render(
      <MessageText content={'<img src=x onerror="alert(1)"> <script>alert(2)</script> see https://example.com/a_b. javascript:alert(3)'} />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">')
    expect(container.textContent).toContain('<script>alert(2)</script>')
    const links = screen.getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/a_b')
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  })

  it('keeps line breaks', () => {
    const { container } = render(<MessageText content={'first line\nsecond line'} />)
    expect(container.querySelector('p')!.textContent).toBe('first line\nsecond line')
    expect(container.querySelector('p')!.className).toContain('whitespace-pre-wrap')
  })

  describe('in the desktop app', () => {
    it('opens an allowed link through the bridge, not as a new window', async () => {
      const openExternal = vi.fn(async () => {})
      window.desktop = { openExternal } as unknown as DesktopBridge
      const open = vi.spyOn(window, 'open').mockImplementation(() => null)
      render(<MessageText content="the channel: https://www.youtube.com/@handover" />)
      const clicked = fireEvent.click(screen.getByRole('link'))
      expect(clicked).toBe(false) // default prevented: no window of the app's own
      await waitFor(() => expect(openExternal).toHaveBeenCalledWith({ url: 'https://www.youtube.com/@handover' }))
      expect(open).not.toHaveBeenCalled()
      await Promise.resolve()
      expect(toastStore.getState()).toHaveLength(0)
      open.mockRestore()
    })

    it('shows the address to copy when the app refuses to open it', async () => {
      window.desktop = { openExternal: vi.fn(async () => Promise.reject(new Error('openExternal: not-allowed'))) } as unknown as DesktopBridge
      render(<MessageText content="stats at https://example.com/stats" />)
      fireEvent.click(screen.getByRole('link'))
      await waitFor(() => expect(toastStore.getState()).toHaveLength(1))
      const [shown] = toastStore.getState()
      expect(shown!.title).toBe('This link opens only in your browser')
      const { container } = render(<>{shown!.description}</>)
      expect(container.textContent).toBe('https://example.com/stats')
      expect(container.firstElementChild!.className).toContain('select-all')
    })
  })

  it('leaves a click on the website to the browser', () => {
    render(<MessageText content="https://example.com/x" />)
    expect(fireEvent.click(screen.getByRole('link'))).toBe(true)
    expect(toastStore.getState()).toHaveLength(0)
  })
})
