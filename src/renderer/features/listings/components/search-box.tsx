import { Search, X } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { useDebouncedCommit } from '@/hooks/use-debounced-commit'

interface SearchBoxProps {
  /** The committed search (from the URL). */
  value: string
  /** Called 300 ms after typing stops, with the trimmed text (SPEC §5, §9). */
  onCommit: (query: string) => void
}

export function SearchBox({ value, onCommit }: SearchBoxProps) {
  const { text, change, clear } = useDebouncedCommit(value, onCommit)

  return (
    <div className="relative flex-1">
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-navy-400" aria-hidden="true" />
      <Input
        type="search"
        aria-label="Search accounts"
        placeholder="Search by username, name, niche or description"
        value={text}
        onChange={(event) => change(event.target.value)}
        className="pl-10 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={clear}
          className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-lg text-navy-400 hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}
