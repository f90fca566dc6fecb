import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { z } from 'zod'
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
  onConfirm(note: string | undefined): void
}

/**
 * An admin decision, asked first: the dialog names what happens, takes the note it needs and stays open
 * (not dismissable) while the request runs, showing the server's message if it fails.
 */
export function DecisionDialog({ open, onOpenChange, title, description, confirmLabel, destructive, note, busy, error, onConfirm }: DecisionDialogProps) {
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const fieldId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
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
            <Button variant="outline" disabled={busy} onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy}>
              {busy ? 'Working…' : error ? 'Try again' : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
