// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import type { ConversationDto, MessageDto } from '@shared/api/conversations'
import type { ClientMessage } from '@shared/realtime/events'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiUrl } from '@/lib/api'
import { AFTER_PAYMENT_STATE } from '@/lib/chat-arrival'
import { conversationKeys } from '@/lib/query-keys'
import { BUYER, conversation, message } from '../test-fixtures'
import { createChatLiveUpdates } from '../lib/live-chat'
import { ChatConnectionContext } from './chat-connection'
import { ChatThread, type RenderDeal } from './chat-thread'

/** What the fake server holds and was asked. */
interface Server {
  conversation: ConversationDto
  messages: MessageDto[]
  posts: { content: string; clientId: string }[]
  reads: number
  /** answers for POST messages, in order; a missing one waits until released */
  answers: (() => Response)[]
  release: (() => void)[]
}

let server: Server

function stubFetch() {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    if (method === 'GET' && path === apiUrl(conversationsEndpoints.getConversationsById, { params: { id: server.conversation.id } }))
      return Response.json(server.conversation)
    if (method === 'GET' && path.startsWith(apiUrl(conversationsEndpoints.getConversationsMessages, { params: { id: server.conversation.id } }))) {
      const before = Number(new URL(path, 'http://test').searchParams.get('before') ?? Infinity)
      const older = server.messages.filter((m) => m.id < before)
      const page = older.slice(-50)
      const headers: Record<string, string> = older.length > 50 ? { 'X-Next-Cursor': String(page[0]!.id) } : {}
      return Response.json(page, { headers })
    }
    if (method === 'POST' && path.endsWith('/read')) {
      server.reads++
      return Response.json({ updated: 1 })
    }
    if (method === 'POST' && path.endsWith('/messages')) {
      const body = JSON.parse(String(init.body)) as { content: string; clientId: string }
      server.posts.push(body)
      const answer = server.answers.shift()
      if (answer) return answer()
      await new Promise<void>((resolve) => server.release.push(resolve))
      return Response.json(message(100 + server.posts.length, 'buyer', { content: body.content, clientId: body.clientId }), { status: 201 })
    }
    return Response.json({ message: 'not found' }, { status: 404 })
  })
}

// jsdom lays nothing out: give the scroller a viewport and every row a height, as a browser would
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(48)
  // the scroller's content is as tall as the virtual list says; scrolling moves scrollTop and says so
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    const content = this.querySelector<HTMLElement>('[data-testid="message-scroller"] .relative')
    return Math.max(600, Number.parseFloat(content?.style.height ?? '') || 0)
  })
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = Math.max(0, Math.min(options.top ?? 0, this.scrollHeight - this.clientHeight))
      // browsers fire scroll events after the frame, never inside the call
      setTimeout(() => this.dispatchEvent(new Event('scroll')), 0)
    },
  })
  server = {
    conversation: conversation(),
    messages: [message(1, 'seller', { content: 'Welcome!', buyerHasRead: true, tickStatus: { seller: 'read', buyer: 'read' } })],
    posts: [],
    reads: 0,
    answers: [],
    release: [],
  }
})

afterEach(() => {
  cleanup()
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo')
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderThread(sent: ClientMessage[] = [], options: { renderDeal?: RenderDeal; arrival?: unknown } = {}) {
  stubFetch()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const send = (m: ClientMessage) => {
    sent.push(m)
    return true
  }
  render(
    <QueryClientProvider client={client}>
      <ChatConnectionContext value={{ send, connected: true }}>
        <MemoryRouter initialEntries={[{ pathname: '/chat/7', state: options.arrival }]}>
          <ChatThread
            conversationId={7}
            user={{ id: BUYER.id, username: BUYER.username, avatar: null, balance: '15.00' }}
            renderDeal={options.renderDeal}
          />
        </MemoryRouter>
      </ChatConnectionContext>
    </QueryClientProvider>,
  )
  return { client, user: userEvent.setup() }
}

const rows = (text: string) => screen.queryAllByTestId('message').filter((row) => row.textContent?.includes(text))
const ticksOf = (text: string) => within(rows(text)[0]!).getByTestId('ticks')

describe('ChatThread', () => {
  it('shows a sent message at once, then the server’s copy in its place, never twice', async () => {
    const { client, user } = renderThread()
    const box = await screen.findByLabelText('Message')
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false))
    await user.type(box, 'Is it still available?{Enter}')

    await waitFor(() => expect(rows('Is it still available?')).toHaveLength(1))
    expect(ticksOf('Is it still available?').getAttribute('data-state-kind')).toBe('sending')
    expect((box as HTMLTextAreaElement).value).toBe('')
    const { clientId } = server.posts[0]!
    expect(clientId).toMatch(/^[A-Za-z0-9._:-]{1,64}$/)

    // the live echo arrives before the HTTP answer
    const live = createChatLiveUpdates(client)
    await act(async () => {
      live.handle({
        type: 'message_sent',
        conversationId: 7,
        clientId,
        message: message(50, 'buyer', { content: 'Is it still available?', clientId }),
      })
    })
    await waitFor(() => expect(ticksOf('Is it still available?').getAttribute('data-state-kind')).toBe('sent'))
    expect(rows('Is it still available?')).toHaveLength(1)

    await act(async () => server.release.shift()!())
    await waitFor(() => expect(server.release).toHaveLength(0))
    expect(rows('Is it still available?')).toHaveLength(1)
    live.dispose()
  })

  it('marks a failed message, and Retry sends it again with the same clientId', async () => {
    server.answers.push(() =>
      Response.json(
        { error: { code: 'rate_limited', message: 'You are sending messages too fast.' }, message: 'You are sending messages too fast.' },
        { status: 429 },
      ),
    )
    const { user } = renderThread()
    const box = await screen.findByLabelText('Message')
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false))
    await user.type(box, 'Hello{Enter}')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('You are sending messages too fast.')
    expect(ticksOf('Hello').getAttribute('data-state-kind')).toBe('failed')

    server.answers.push(() => Response.json(message(60, 'buyer', { content: 'Hello', clientId: server.posts[0]!.clientId }), { status: 201 }))
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(ticksOf('Hello').getAttribute('data-state-kind')).toBe('sent'))
    expect(server.posts.map((p) => p.clientId)).toEqual([server.posts[0]!.clientId, server.posts[0]!.clientId])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(rows('Hello')).toHaveLength(1)
  })

  it('shows ✓ until the seller reads, then ✓✓ naming who read it', async () => {
    server.messages = [
      message(1, 'buyer', { content: 'First question', sellerHasRead: true, tickStatus: { buyer: 'read', seller: 'read' } }),
      message(2, 'buyer', { content: 'Second question' }),
      message(3, 'seller', { content: 'An answer', buyerHasRead: true, tickStatus: { seller: 'read', buyer: 'read' } }),
    ]
    renderThread()
    await screen.findByText('Second question')
    expect(ticksOf('First question').getAttribute('aria-label')).toBe('Read by Seller')
    expect(ticksOf('First question').getAttribute('data-state-kind')).toBe('read')
    expect(ticksOf('Second question').getAttribute('aria-label')).toBe('Sent')
    // the other side's messages carry no receipt for the buyer
    expect(within(rows('An answer')[0]!).queryByTestId('ticks')).toBeNull()
  })

  it('marks the thread read when it opens with unread messages from the other side', async () => {
    server.messages = [message(1, 'seller', { content: 'Unread news' })]
    server.conversation = conversation({ unreadCount: 1 })
    renderThread()
    await screen.findByText('Unread news')
    await waitFor(() => expect(server.reads).toBe(1))
  })

  it('shows support’s messages as Handover Support', async () => {
    server.messages = [message(1, 'admin', { content: 'Escrow is on', buyerHasRead: true, tickStatus: { admin: 'read', buyer: 'read' } })]
    renderThread()
    const row = (await screen.findByText('Escrow is on')).closest('[data-testid="message"]')!
    expect(row.getAttribute('data-admin')).toBe('true')
    expect(row.textContent).toContain('Handover Support')
  })

  it('shows a deal’s system line as a centred note, as text, never as a bubble with ticks', async () => {
    server.messages.push(
      message(2, 'seller', { content: 'alice sent the ownership invite. <b>ok</b>', isSystem: true, tickStatus: { seller: 'read' } }),
    )
    renderThread()
    const line = await screen.findByTestId('system-message')
    expect(line.textContent).toContain('alice sent the ownership invite. <b>ok</b>')
    expect(line.querySelector('b')).toBeNull()
    expect(within(line).queryByTestId('ticks')).toBeNull()
    expect(rows('ownership invite')).toEqual([])
  })

  it('rewrites the deal’s checklist line in place when a tick changes it, saying when it changed', async () => {
    server.messages.push(
      message(2, 'seller', { content: 'Handover checklist: 0 of 3 steps confirmed. Latest: alice marked “Email” done.', isSystem: true }),
      message(3, 'seller', { content: 'Sent it just now' }),
    )
    const { client } = renderThread()
    await screen.findByText(/0 of 3 steps confirmed/)
    const live = createChatLiveUpdates(client)
    await act(async () => {
      live.handle({
        type: 'message_updated',
        conversationId: 7,
        message: message(2, 'buyer', {
          content: 'Handover checklist: 1 of 3 steps confirmed. Latest: bob confirmed “Email”.',
          isSystem: true,
          editedAt: '2026-03-01T11:30:00.000Z',
        }),
      })
    })
    const lines = await screen.findAllByTestId('system-message')
    expect(lines.map((line) => [line.dataset.edited, line.textContent?.replace(/\d{1,2}:\d{2}\s[AP]M/, 'h:mm')])).toEqual([
      ['true', 'Deal update: Handover checklist: 1 of 3 steps confirmed. Latest: bob confirmed “Email”.updated h:mm'],
    ])
    expect(lines[0]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-03-01T11:30:00.000Z')
    // still above the message that came after it
    expect(lines[0]!.compareDocumentPosition(rows('Sent it just now')[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    live.dispose()
  })

  it('shows the deal above the messages when the conversation belongs to one, and nothing there otherwise', async () => {
    server.conversation = conversation({ transactionId: 31 })
    const asked: number[] = []
    const renderDeal: RenderDeal = (transactionId) => {
      asked.push(transactionId)
      return <section aria-label="Deal slot">deal {transactionId}</section>
    }
    renderThread([], { renderDeal })
    const slot = await screen.findByRole('region', { name: 'Deal slot' })
    expect(asked).toContain(31)
    const header = screen.getByRole('banner')
    const scroller = await screen.findByTestId('message-scroller')
    expect(header.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(slot.compareDocumentPosition(scroller) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    cleanup()
    server.conversation = conversation({ transactionId: null })
    asked.length = 0
    renderThread([], { renderDeal })
    await screen.findByText('Welcome!')
    expect(screen.queryByRole('region', { name: 'Deal slot' })).toBeNull()
    expect(asked).toEqual([])
  })

  it('puts the focus in the message box when the buyer arrives after paying, and only then', async () => {
    server.conversation = conversation({ transactionId: 31 })
    renderThread([], { arrival: AFTER_PAYMENT_STATE })
    const box = (await screen.findByLabelText('Message')) as HTMLTextAreaElement
    await waitFor(() => expect(box.disabled).toBe(false))
    await waitFor(() => expect(document.activeElement).toBe(box))
    cleanup()
    renderThread()
    const other = (await screen.findByLabelText('Message')) as HTMLTextAreaElement
    await waitFor(() => expect(other.disabled).toBe(false))
    await screen.findByText('Welcome!')
    expect(document.activeElement).not.toBe(other)
  })

  it('sends typing while keys come and stop_typing on send', async () => {
    const sent: ClientMessage[] = []
    const { user } = renderThread(sent)
    const box = await screen.findByLabelText('Message')
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false))
    await user.type(box, 'quick words')
    expect(sent.map((m) => m.type)).toEqual(['typing'])
    await user.keyboard('{Enter}')
    expect(sent).toEqual([
      { type: 'typing', conversationId: 7 },
      { type: 'stop_typing', conversationId: 7 },
    ])
  })

  it('keeps only the rows near the viewport in the page, even with thousands of messages', async () => {
    server.messages = Array.from({ length: 5_000 }, (_, i) => message(i + 1, i % 2 ? 'buyer' : 'seller', { content: `line ${i + 1}` }))
    const { client } = renderThread()
    await screen.findByText('line 5000')
    // 50 loaded, and only a viewport's worth drawn
    expect(screen.getAllByTestId('message').length).toBeLessThan(40)
    // thousands in the cache still draw a viewport's worth
    await act(async () => {
      client.setQueryData(conversationKeys.messages(7), {
        pages: [{ items: server.messages, nextCursor: null }],
        pageParams: [undefined],
      })
    })
    expect(screen.getAllByTestId('message').length).toBeLessThan(40)
    expect(screen.getByText('line 5000')).toBeTruthy()
  })
})
