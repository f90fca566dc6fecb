import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react'
import { useAtom } from 'jotai'
import { SendHorizontal } from 'lucide-react'
import { CHAT_RULES } from '@shared/api/conversations'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { draftsAtom } from '../atoms'
import { useTypingSignal } from '../hooks/use-typing-signal'

/** The counter appears this close to the limit. */
const COUNTER_FROM = CHAT_RULES.contentMax - 500

// the server counts code points of the trimmed text, so an emoji is one character here too
const lengthOf = (text: string) => Array.from(text.trim()).length

interface ComposerProps {
  conversationId: number
  onSend: (content: string) => void
  disabled?: boolean
  /** takes the focus once, as soon as it can be typed in (the thread's messages have loaded) */
  focusWhenReady?: boolean
}

/** Enter sends, Shift+Enter starts a new line; at most 4,000 characters, counted near the limit. */
export function Composer({ conversationId, onSend, disabled = false, focusWhenReady = false }: ComposerProps) {
  const [drafts, setDrafts] = useAtom(draftsAtom)
  const text = drafts[conversationId] ?? ''
  const setText = (next: string) => setDrafts((all) => ({ ...all, [conversationId]: next }))
  const typing = useTypingSignal(conversationId)
  const input = useRef<HTMLTextAreaElement>(null)
  const length = lengthOf(text)
  const over = length > CHAT_RULES.contentMax
  const canSend = length > 0 && !over && !disabled
  const focused = useRef(false)
  useEffect(() => {
    // a disabled box cannot take the focus: wait until it is enabled, then take it only once
    if (!focusWhenReady || disabled || focused.current) return
    focused.current = true
    input.current?.focus()
  }, [focusWhenReady, disabled])

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    onSend(text)
    setText('')
    typing.stop()
    input.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a candidate; it must not send
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <form onSubmit={submit} className="border-t bg-card px-3 pt-2 pb-3 sm:px-5">
      <div className="flex items-end gap-2">
        <label htmlFor={`composer-${conversationId}`} className="sr-only">
          Message
        </label>
        <textarea
          ref={input}
          id={`composer-${conversationId}`}
          value={text}
          rows={1}
          placeholder="Write a message…"
          disabled={disabled}
          aria-invalid={over || undefined}
          aria-describedby={length >= COUNTER_FROM ? `composer-count-${conversationId}` : undefined}
          onChange={(event) => {
            setText(event.target.value)
            if (event.target.value.trim()) typing.input()
            else typing.stop()
          }}
          onKeyDown={onKeyDown}
          onBlur={() => typing.stop()}
          className={cn(
            'max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-input bg-background px-3.5 py-2.5 text-base outline-none [field-sizing:content] placeholder:text-navy-400 sm:text-sm',
            'focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive disabled:opacity-60',
          )}
        />
        <Button type="submit" size="icon" className="size-11 rounded-xl" disabled={!canSend} aria-label="Send message">
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      {length >= COUNTER_FROM && (
        <p
          id={`composer-count-${conversationId}`}
          className={cn('mt-1 text-right text-xs', over ? 'font-semibold text-destructive' : 'text-muted-foreground')}
          aria-live="polite"
        >
          {length.toLocaleString('en-US')} / {CHAT_RULES.contentMax.toLocaleString('en-US')}
          {over && ` — ${(length - CHAT_RULES.contentMax).toLocaleString('en-US')} too many`}
        </p>
      )}
    </form>
  )
}
