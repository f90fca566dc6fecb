import { useEffect, useId, useRef, useState } from 'react'
import { Loader2 } from 'lucide-react'
import {
  disputeRequestSchema,
  resolveRequestSchema,
  TRANSACTION_STATUS_LABELS,
  type TransactionAction,
  type TransactionDetailDto,
} from '@shared/api/transactions'
import { OvertakenNotice } from '@/components/overtaken-notice'
import { Button } from '@/components/ui/button'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/dialog'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useActionKeys } from '@/lib/idempotency'
import { useTakeStep, type StepRequest } from '../api/take-step'
import { actionCopy } from '../lib/actions'

const TEXT_LIMIT = 2000

/** Checks a dispute reason or an admin note with the contract's own rules; null when it is fine. */
function inputProblem(kind: 'reason' | 'note', text: string): string | null {
  const result = kind === 'reason' ? disputeRequestSchema.safeParse({ reason: text }) : resolveRequestSchema.safeParse({ note: text })
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check this field')
}

/**
 * One step of the deal: its button and the confirmation that says what will happen, with a reason or a note
 * where the step needs one. The request keeps one Idempotency-Key until it succeeds, so Retry after a failure
 * or a double click never moves money twice; the dialog stays open (and cannot be dismissed) while it runs.
 */
interface StepButtonProps {
  deal: TransactionDetailDto
  action: TransactionAction
  /** whether the deal still offers the step; when not, only its open dialog is left, saying so */
  offered: boolean
  open: boolean
  onOpenChange(open: boolean): void
  /** `sm` where the steps share a compact panel (the deal's chat) */
  size?: 'lg' | 'sm'
}

export function StepButton({ deal, action, offered, open, onOpenChange: setOpen, size = 'lg' }: StepButtonProps) {
  const copy = actionCopy(action, deal)
  const keys = useActionKeys()
  const step = useTakeStep(keys)
  // the deal moved on while the dialog was open, not by this step (whose own success closes the dialog)
  const overtaken = !offered && !step.isPending && !step.isSuccess
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const fieldId = useId()
  const errorId = useId()
  const needsText = copy.input !== 'none'
  const cancel = useRef<HTMLButtonElement>(null)
  // the confirm button turns off: the keyboard's place moves to Close, not out of the dialog
  useEffect(() => {
    if (overtaken && open) cancel.current?.focus()
  }, [overtaken, open])
  const problem = copy.input === 'none' ? null : inputProblem(copy.input, text)

  const onOpenChange = (next: boolean) => {
    if (step.isPending) return
    setOpen(next)
    if (next) {
      // a fresh attempt at the action: a new key, no stale error
      keys.settle()
      step.reset()
      setTouched(false)
    }
  }

  const confirm = () => {
    if (overtaken) return
    setTouched(true)
    if (problem) return
    const body: StepRequest['body'] = copy.input === 'reason' ? { reason: text.trim() } : copy.input === 'note' ? { note: text.trim() } : undefined
    step.mutate(
      { id: deal.id, action, body },
      {
        onSuccess: () => {
          setOpen(false)
          setText('')
          toast({ variant: 'success', title: copy.done })
        },
      },
    )
  }

  const showProblem = touched && problem && !overtaken
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {offered && (
        <AlertDialogTrigger asChild>
          <Button variant={copy.variant} size={size} className="w-full sm:w-auto" data-action={action}>
            {copy.label}
          </Button>
        </AlertDialogTrigger>
      )}
      <AlertDialogContent>
        <AlertDialogTitle>{copy.title}</AlertDialogTitle>
        <AlertDialogDescription>{copy.description}</AlertDialogDescription>
        {overtaken && (
          <OvertakenNotice
            testId="step-overtaken"
            kept={needsText && text ? 'What you wrote was not sent. It is kept below so you can copy it.' : null}
          >
            The deal moved on while this was open: it is now {TRANSACTION_STATUS_LABELS[deal.status]}, and this step is no longer possible.
          </OvertakenNotice>
        )}
        {needsText && (
          <div className="mt-4 grid gap-1.5">
            <label htmlFor={fieldId} className="text-sm font-medium">
              {copy.input === 'reason' ? 'What went wrong?' : 'Note to both parties'}
            </label>
            <textarea
              id={fieldId}
              value={text}
              maxLength={TEXT_LIMIT}
              rows={4}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => setTouched(true)}
              // read-only rather than disabled once overtaken, so the text can still be selected and copied
              readOnly={overtaken}
              aria-invalid={showProblem ? true : undefined}
              aria-describedby={showProblem ? errorId : undefined}
              className="w-full rounded-xl border border-input bg-card px-3.5 py-2.5 text-base shadow-xs outline-none focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive sm:text-sm"
            />
            <p className="flex justify-between text-xs text-muted-foreground">
              <span id={errorId} className={showProblem ? 'text-destructive' : undefined}>
                {showProblem ? problem : copy.input === 'reason' ? 'At least 10 characters.' : 'Required.'}
              </span>
              <span aria-hidden="true">
                {text.length}/{TEXT_LIMIT.toLocaleString('en')}
              </span>
            </p>
          </div>
        )}
        {step.isError && !overtaken && (
          <p role="alert" className="mt-4 rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
            {describeError(step.error, 'Something went wrong. Please try again.')}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button ref={cancel} variant="outline" disabled={step.isPending}>
              {overtaken ? 'Close' : action === 'cancel' ? 'Keep the purchase' : 'Go back'}
            </Button>
          </AlertDialogCancel>
          {/* not AlertDialog.Action: that closes at once, and the dialog stays while the request runs */}
          <Button
            variant={copy.variant === 'outline' ? 'primary' : copy.variant}
            onClick={confirm}
            disabled={step.isPending || overtaken}
            data-confirm={action}
          >
            {step.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {step.isPending ? copy.pending : step.isError ? `Retry: ${copy.confirm}` : copy.confirm}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
