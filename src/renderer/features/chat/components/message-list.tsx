import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, Loader2 } from 'lucide-react'
import type { ConversationDto } from '@shared/api/conversations'
import { Button } from '@/components/ui/button'
import { useMessages } from '../api/get-messages'
import { flattenPages } from '../lib/message-cache'
import { buildRows, type ThreadRow } from '../lib/thread-rows'
import { isOwnMessage, type ChatViewer } from '../lib/viewer'
import { useNow } from '../hooks/use-now'
import { MessageRow } from './message-row'

/** Older history is fetched when the reader comes this close to the top. */
const LOAD_OLDER_WITHIN_PX = 400
/** Closer than this to the bottom counts as reading the latest messages. */
const AT_END_PX = 80

type Row = ThreadRow | { kind: 'top'; key: 'top' }
const TOP: Row = { kind: 'top', key: 'top' }

interface MessageListProps {
  conversation: ConversationDto
  viewer: ChatViewer
  onRetry: (clientId: string) => void
}

function TopRow({ loading, hasOlder, onLoad }: { loading: boolean; hasOlder: boolean; onLoad: () => void }) {
  return (
    <div className="flex h-14 items-center justify-center text-xs text-muted-foreground">
      {loading ? (
        <span className="flex items-center gap-2">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading older messages…
        </span>
      ) : hasOlder ? (
        <Button variant="ghost" size="sm" onClick={onLoad}>
          Load older messages
        </Button>
      ) : (
        <span>This is the beginning of the conversation</span>
      )}
    </div>
  )
}

function DaySeparator({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 px-5 pt-4 pb-1" role="separator" aria-label={label}>
      <span className="h-px flex-1 bg-border" />
      <span className="rounded-full bg-muted px-2.5 py-0.5 text-[0.6875rem] font-semibold text-navy-500 dark:text-navy-300">{label}</span>
      <span className="h-px flex-1 bg-border" />
    </div>
  )
}

/**
 * The thread, virtualised: only the rows near the viewport are in the page, so thousands of messages
 * scroll as lightly as ten. Anchored at the end (TanStack Virtual's chat mode): older pages load above
 * without moving what the reader sees, and new messages follow only a reader already at the bottom.
 */
export function MessageList({ conversation, viewer, onRetry }: MessageListProps) {
  const query = useMessages(conversation.id)
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query
  const now = useNow()
  const messages = useMemo(() => flattenPages(query.data), [query.data])
  const rows = useMemo<Row[]>(() => [TOP, ...buildRows(messages, now)], [messages, now])
  const scrollRef = useRef<HTMLDivElement>(null)
  const [atEnd, setAtEnd] = useState(true)
  const ready = useRef(false)

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'message' ? 64 : 44),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    paddingEnd: 12,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  })

  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [fetchNextPage, hasNextPage, isFetchingNextPage])

  const onScroll = useCallback(() => {
    const el = scrollRef.current
    if (!el || !ready.current) return
    setAtEnd(el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_PX)
    if (el.scrollTop < LOAD_OLDER_WITHIN_PX) loadOlder()
  }, [loadOlder])

  // open at the newest message; only then may reaching the top fetch older history
  const loaded = query.data !== undefined
  useLayoutEffect(() => {
    if (!loaded || ready.current) return
    virtualizer.scrollToEnd()
    const frame = requestAnimationFrame(() => {
      ready.current = true
      onScroll()
    })
    return () => cancelAnimationFrame(frame)
  }, [loaded, virtualizer, onScroll])

  // a short thread never scrolls, so a page that did not fill the view asks for the one before it
  useEffect(() => {
    if (ready.current && !isFetchingNextPage) onScroll()
  }, [rows.length, isFetchingNextPage, onScroll])

  // one's own new message is always shown, even when reading history
  const last = messages.at(-1)
  const lastKey = last ? `${last.id}:${last.clientId ?? ''}` : ''
  const ownSending = last !== undefined && last.localState === 'sending' && isOwnMessage(last, conversation, viewer.role)
  useEffect(() => {
    if (ready.current && ownSending) virtualizer.scrollToEnd()
  }, [lastKey, ownSending, virtualizer])

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scrollRef} onScroll={onScroll} className="h-full overflow-y-auto overscroll-contain" data-testid="message-scroller">
        {/* a short thread sits at the bottom, next to the composer, like a long one scrolled to its end */}
        <div className="flex min-h-full flex-col justify-end">
          <div className="relative w-full shrink-0" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'top' ? (
                    <TopRow loading={isFetchingNextPage} hasOlder={hasNextPage} onLoad={loadOlder} />
                  ) : row.kind === 'day' ? (
                    <DaySeparator label={row.label} />
                  ) : (
                    <MessageRow message={row.message} conversation={conversation} viewer={viewer} continued={row.continued} onRetry={onRetry} />
                  )}
                </div>
              )
            })}
          </div>
        </div>
      </div>
      {!atEnd && (
        <Button
          size="icon"
          variant="outline"
          className="absolute right-4 bottom-3 rounded-full shadow-lg"
          aria-label="Jump to the latest message"
          onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
      )}
    </div>
  )
}
