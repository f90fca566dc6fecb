import { errorStatus } from '@/lib/api-client'

/** The state of an admin's decision request, as a react-query mutation has it. */
interface DecisionStep {
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  error: unknown
}

/**
 * Whether someone else may have decided first, for a decision dialog its queue keeps outside the list: the server
 * refused the step with a 409 (the item moved on before the step reached it, and asking again cannot help), or the
 * queue stopped listing the item. `gone` is when to read the item's status afresh; never while the admin's own step
 * runs or after it succeeded, since its success is what takes the item off the queue.
 */
export function overtakenStep(step: DecisionStep, listed: boolean): { refused: boolean; gone: boolean; unanswered: boolean } {
  const refused = step.isError && errorStatus(step.error) === 409
  // failed without a refusal (no answer, a gateway's timeout): the server may have taken it, so a decision seen
  // afterwards may be this admin's own
  const unanswered = step.isError && !refused
  return { refused, gone: !step.isPending && !step.isSuccess && (!listed || refused), unanswered }
}

/** Whether the queue still lists the item being decided; until the queue has loaded, it is taken as listed. */
export function stillListed(items: readonly { id: number }[] | undefined, id: number): boolean {
  return !items || items.some((item) => item.id === id)
}
