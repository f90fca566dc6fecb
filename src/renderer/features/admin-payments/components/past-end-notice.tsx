import { SearchX } from 'lucide-react'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'

/** The pages a list of `total` rows fills, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize))

/** An empty page of a list that is not empty: the page number (an old link, rows decided meanwhile) is past the end. */
export const isPastEnd = (page: number, shown: number, total: number) => page > 1 && shown === 0 && total > 0

interface PastEndNoticeProps {
  page: number
  pages: number
  total: number
  noun: [singular: string, plural: string]
  onPage: (page: number) => void
}

/**
 * Says that the page is past the end rather than that the list is empty, with the way back: the first page, and
 * the last one when there are several.
 */
export function PastEndNotice({ page, pages, total, noun, onPage }: PastEndNoticeProps) {
  const count = total === 1 ? `1 ${noun[0]}` : `${total.toLocaleString('en-US')} ${noun[1]}`
  const fill = pages === 1 ? 'one page' : `${pages.toLocaleString('en-US')} pages`
  return (
    <StateNotice
      icon={<SearchX className="size-7" aria-hidden="true" />}
      title={`Page ${page.toLocaleString('en-US')} is past the end`}
      text={`There ${total === 1 ? 'is' : 'are'} ${count}, on ${fill}.`}
    >
      <Button variant="outline" onClick={() => onPage(1)}>
        Go to page 1
      </Button>
      {pages > 1 && <Button onClick={() => onPage(pages)}>Go to page {pages.toLocaleString('en-US')}</Button>}
    </StateNotice>
  )
}
