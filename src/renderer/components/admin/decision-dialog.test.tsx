// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { z } from 'zod'
import { refundOrderRequestSchema } from '@shared/api/admin-payments'
import { rejectWithdrawalSchema } from '@shared/api/payments'
import { resolveRequestSchema } from '@shared/api/transactions'
import { DecisionDialog } from './decision-dialog'

afterEach(cleanup)

type Props = Parameters<typeof DecisionDialog>[0]

function renderDialog(schema: z.ZodString) {
  const onConfirm = vi.fn()
  /** the dialog as a screen draws it, with `changes` over a note's defaults; for `rerender` too */
  const draw = (changes: Partial<Props> = {}) => (
    <DecisionDialog
      open
      onOpenChange={() => {}}
      title="Decide?"
      description="What happens."
      confirmLabel="Decide"
      note={{ label: 'Note', schema }}
      busy={false}
      error={null}
      onConfirm={onConfirm}
      {...changes}
    />
  )
  const view = render(draw())
  const dialog = screen.getByRole('dialog', { name: 'Decide?' })
  return { dialog, field: within(dialog).getByLabelText('Note') as HTMLTextAreaElement, onConfirm, view, draw }
}

describe('DecisionDialog', () => {
  it.each([
    ['a dispute note', resolveRequestSchema.shape.note, '0/2,000', 2000],
    ['a withdrawal rejection', rejectWithdrawalSchema.shape.reason, '0/1,000', 1000],
    ['a refund reason', refundOrderRequestSchema.shape.reason, '0/500', 500],
  ])('counts the characters of %s up to the shared schema’s limit, and stops the field there', (_, schema, empty, max) => {
    const { dialog, field } = renderDialog(schema)
    expect(within(dialog).getByTestId('note-count').textContent).toBe(empty)
    expect(field.maxLength).toBe(max)
    fireEvent.change(field, { target: { value: 'Paid twice' } })
    expect(within(dialog).getByTestId('note-count').textContent).toBe(`10/${max.toLocaleString('en-US')}`)
  })

  it('keeps counting while the schema’s message is shown', () => {
    const { dialog, field, onConfirm } = renderDialog(rejectWithdrawalSchema.shape.reason)
    fireEvent.change(field, { target: { value: 'no' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decide' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the user a reason')
    expect(within(dialog).getByTestId('note-count').textContent).toBe('2/1,000')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('says why when the decision was overtaken, keeps the typed note to copy and sends nothing', () => {
    const { dialog, field, onConfirm, view, draw } = renderDialog(resolveRequestSchema.shape.note)
    fireEvent.change(field, { target: { value: 'Paid twice, refund one' } })
    // what the screen passes once someone else has decided
    view.rerender(draw({ overtaken: 'Another admin decided first.' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Another admin decided first.Your note was not sent. It is kept below so you can copy it.',
    )
    expect([field.value, field.readOnly, field.disabled]).toEqual(['Paid twice, refund one', true, false])
    const confirm = within(dialog).getByRole('button', { name: 'Decide' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    fireEvent.submit(field)
    expect(onConfirm).not.toHaveBeenCalled()
    expect(within(dialog).getByText('Close')).toBeTruthy()
    // the pressed button turned off: the keyboard is on Close, inside the dialog
    expect(document.activeElement?.textContent).toBe('Close')
  })

  it('says the note may have gone with a decision that may be the admin’s own', () => {
    const { dialog, field, view, draw } = renderDialog(resolveRequestSchema.shape.note)
    fireEvent.change(field, { target: { value: 'Paid twice, refund one' } })
    view.rerender(
      draw({
        error: 'Unable to connect to server',
        overtaken: 'Your request got no answer, and the dispute has been settled since.',
        overtakenMaybeMine: true,
      }),
    )
    expect(within(dialog).getByTestId('decision-overtaken').textContent).toBe(
      'Your request got no answer, and the dispute has been settled since.If it was, your note went with it. It is kept below either way.',
    )
  })
})
