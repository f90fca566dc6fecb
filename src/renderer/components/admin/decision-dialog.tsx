import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { z } from 'zod'
import { OvertakenNotice } from '@/components/overtaken-notice'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog'

interface NoteField {
  label: string
  /** the contract's own rule for the text, so the dialog says what the server would; its maximum is the field's limit */
  schema: z.ZodString
  hint?: string
}

export interface DecisionDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  /** what the decision does, in its own words (who gets the money, who is told) */
  description: ReactNode
  confirmLabel: string
  destructive?: boolean
  /** a note or reason the decision carries */
  note?: NoteField
  busy: boolean
  /** the server's refusal, shown with the button to try again */
  error: string | null
  /**
   * Why the decision can no longer be made, when someone else made one first (the dialog stays open to say so
   * instead of vanishing with what the admin typed): the note stays, read-only, to copy, and the confirm button is off.
   */
  overtaken?: ReactNode
  /** the admin's own request got no answer before: the decision that overtook it may be theirs, note and all */
  overtakenMaybeMine?: boolean
  onConfirm(note: string | undefined): void
}

/**
 * An admin decision, asked first: the dialog names what happens, takes the note it needs and stays open
 * (not dismissable) while the request runs, showing the server's message if it fails, and says so when the
 * decision was overtaken.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel, destructive, note, busy, error, overtaken, overtakenMaybeMine, onConfirm } = props
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const fieldId = useId()
  const close = useRef<HTMLButtonElement>(null)
  const isOvertaken = Boolean(overtaken)
  // the confirm button the admin may have just pressed turns off: the keyboard's place moves to Close, not out of the dialog
  useEffect(() => {
    if (isOvertaken) close.current?.focus()
  }, [isOvertaken])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (overtaken) return
    if (!note) return onConfirm(undefined)
    const parsed = note.schema.safeParse(text)
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the text')
      return
    }
    setInvalid(null)
    onConfirm(parsed.data)
  }

  function change(next: boolean) {
    if (busy) return
    if (!next) {
      setText('')
      setInvalid(null)
    }
    onOpenChange(next)
  }

  const message = invalid ?? error
  // the shared schema's own maximum, so the counter and the field stop where the server would refuse
  const limit = note?.schema.maxLength ?? undefined
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent onEscapeKeyDown={(e) => busy && e.preventDefault()} onPointerDownOutside={(e) => busy && e.preventDefault()}>
        <form onSubmit={submit} noValidate>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
          {overtaken && (
            <OvertakenNotice
              testId="decision-overtaken"
              kept={
                note && text
                  ? overtakenMaybeMine
                    ? 'If it was, your note went with it. It is kept below either way.'
                    : 'Your note was not sent. It is kept below so you can copy it.'
                  : null
              }
            >
              {overtaken}
            </OvertakenNotice>
          )}
          {note && (
            <div className="mt-4 grid gap-1.5">
              <label htmlFor={fieldId} className="text-sm font-medium">
                {note.label}
              </label>
              <textarea
                id={fieldId}
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={limit}
                rows={4}
                disabled={busy}
                // read-only rather than disabled, so the note can still be selected and copied
                readOnly={Boolean(overtaken)}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={message ? `${fieldId}-message` : note.hint ? `${fieldId}-hint` : undefined}
                className="w-full rounded-xl border border-input bg-card p-3 text-sm outline-none focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive"
              />
              <p className="flex justify-between gap-3 text-xs text-muted-foreground">
                <span id={`${fieldId}-hint`}>{!message && note.hint}</span>
                {limit !== undefined && (
                  <span data-testid="note-count" aria-hidden="true" className="shrink-0 tabular-nums">
                    {text.length.toLocaleString('en-US')}/{limit.toLocaleString('en-US')}
                  </span>
                )}
              </p>
            </div>
          )}
          {message && (
            <p id={`${fieldId}-message`} role="alert" className="mt-3 text-sm text-destructive">
              {message}
            </p>
          )}
          <DialogFooter>
            <Button ref={close} variant="outline" disabled={busy} onClick={() => change(false)}>
              {overtaken ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy || Boolean(overtaken)}>
              {busy ? 'Working…' : error && !overtaken ? 'Try again' : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
