import { Search } from 'lucide-react'
import { ADMIN_CONVERSATION_SEARCH_MAX } from '@shared/api/admin-conversations'
import { Input } from '@/components/ui/input'
import { useDebouncedCommit } from '@/hooks/use-debounced-commit'

/** The list's search: typed text reaches the URL 300 ms after typing stops; Back and Clear change it from outside. */
export function ConversationSearch({ value, onCommit }: { value: string; onCommit(query: string): void }) {
  const { text, change } = useDebouncedCommit(value, onCommit)

  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-navy-400" aria-hidden="true" />
      <Input
        type="search"
        aria-label="Search conversations"
        placeholder="Username, listing, ACC-012 or #12"
        maxLength={ADMIN_CONVERSATION_SEARCH_MAX}
        value={text}
        onChange={(event) => change(event.target.value)}
        className="pl-10"
      />
    </div>
  )
}
