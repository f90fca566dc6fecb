// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'jotai'
import { CHAT_RULES } from '@shared/api/conversations'
import { Composer } from './composer'

afterEach(cleanup)

function renderComposer() {
  const onSend = vi.fn()
  render(
    <Provider>
      <Composer conversationId={7} onSend={onSend} />
    </Provider>,
  )
  return {
    onSend,
    box: screen.getByLabelText('Message') as HTMLTextAreaElement,
    send: screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement,
  }
}

describe('Composer', () => {
  it('sends on Enter and starts a new line on Shift+Enter', async () => {
    const user = userEvent.setup()
    const { onSend, box } = renderComposer()
    await user.type(box, 'first{Shift>}{Enter}{/Shift}second')
    expect(box.value).toBe('first\nsecond')
    expect(onSend).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(onSend).toHaveBeenCalledWith('first\nsecond')
    expect(box.value).toBe('')
  })

  it('sends nothing blank', async () => {
    const user = userEvent.setup()
    const { onSend, box, send } = renderComposer()
    await user.type(box, '   {Enter}')
    expect(onSend).not.toHaveBeenCalled()
    expect(send.disabled).toBe(true)
  })

  it('counts near the 4,000 limit and refuses more', () => {
    const { onSend, box, send } = renderComposer()
    fireEvent.change(box, { target: { value: 'a'.repeat(3_400) } })
    expect(screen.queryByText(/\/ 4,000/)).toBeNull()
    fireEvent.change(box, { target: { value: 'a'.repeat(3_700) } })
    expect(screen.getByText('3,700 / 4,000')).toBeTruthy()
    expect(send.disabled).toBe(false)
    // emoji count as one character each, as the server counts them
    fireEvent.change(box, { target: { value: '😀'.repeat(CHAT_RULES.contentMax) } })
    expect(send.disabled).toBe(false)
    fireEvent.change(box, { target: { value: 'a'.repeat(CHAT_RULES.contentMax + 2) } })
    expect(screen.getByText('4,002 / 4,000 — 2 too many')).toBeTruthy()
    expect(send.disabled).toBe(true)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).not.toHaveBeenCalled()
  })
})
