import { handoverStepsSchema, type HandoverStepsRequest } from '@shared/api/transactions'

/** A checklist step while it is edited; `key` keeps React's rows stable while steps move. */
export interface StepDraft {
  key: number
  title: string
  description: string
}

export interface StepErrors {
  /** about the whole list: none left, too many */
  list?: string
  /** per row, by position: "3.title" */
  fields: Record<string, string>
}

export function moveStep(steps: StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const target = index + by
  if (target < 0 || target >= steps.length) return steps
  const next = [...steps]
  ;[next[index], next[target]] = [next[target]!, next[index]!]
  return next
}

/** The list as the API takes it, checked by the same schema, with each problem on its row and field. */
export function readSteps(steps: StepDraft[]): { ok: true; request: HandoverStepsRequest } | { ok: false; errors: StepErrors } {
  const parsed = handoverStepsSchema.safeParse({ steps: steps.map(({ title, description }) => ({ title, description })) })
  if (parsed.success) return { ok: true, request: parsed.data }
  const errors: StepErrors = { fields: {} }
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path
    if (typeof index === 'number' && typeof field === 'string') errors.fields[`${index}.${field}`] ??= issue.message
    else errors.list ??= issue.message
  }
  return { ok: false, errors }
}
