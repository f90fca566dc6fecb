import { useSearchParams } from 'react-router-dom'
import { Inbox, Mail } from 'lucide-react'
import { CONTACT_PAGE_SIZE, type ContactMessageDto } from '@shared/api/contact'
import { Pager, showingText } from '@/components/pager'
import { StateNotice } from '@/components/state-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { formatShortDateTime } from '@/lib/dates'
import { AdminShell } from '@/components/admin/admin-shell'
import { useContactMessages } from '../api/contact-messages'

/** /admin/contact: what visitors sent through the contact form, newest first; each one was also emailed to the admins. */
export function AdminContactScreen() {
  return (
    <AdminShell title="Contact messages">
      <ContactMessages />
    </AdminShell>
  )
}

function ContactMessages() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const messages = useContactMessages(page)
  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {})
    window.scrollTo({ top: 0 })
  }

  if (messages.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />
  if (messages.isError)
    return (
      <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-destructive">
        {describeError(messages.error, 'The messages could not be loaded.')}
      </p>
    )
  const { items, total } = messages.data
  if (items.length === 0) {
    return (
      <StateNotice
        icon={<Inbox className="size-7" aria-hidden="true" />}
        title={page > 1 ? 'No messages on this page' : 'No messages yet'}
        text="What visitors send through the contact form appears here, and in every admin’s inbox."
      />
    )
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{showingText(page, CONTACT_PAGE_SIZE, total, total === 1 ? 'message' : 'messages')}</p>
        <Pager page={page} pages={Math.ceil(total / CONTACT_PAGE_SIZE)} onPage={goTo} label="Contact message pages" />
      </div>
      <ul className="grid gap-3">
        {items.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </ul>
    </div>
  )
}

function MessageCard({ message }: { message: ContactMessageDto }) {
  return (
    <li className="rounded-2xl border bg-card p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold [overflow-wrap:anywhere]">{message.subject}</h2>
        <time dateTime={message.createdAt} className="text-sm whitespace-nowrap text-muted-foreground">
          {formatShortDateTime(message.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
        {message.name} ·{' '}
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
          className="inline-flex items-center gap-1 font-medium text-mint-700 dark:text-mint-400 hover:underline"
        >
          <Mail className="size-3.5" aria-hidden="true" /> {message.email}
        </a>
        {message.user && <> · account {message.user.username}</>}
      </p>
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
    </li>
  )
}
