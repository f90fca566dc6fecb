import type { ChecklistStepDto, TransactionDetailDto } from '@shared/api/transactions'

/** Statuses in which the server takes checklist ticks (money held, no dispute). */
const TICKABLE: readonly TransactionDetailDto['status'][] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

export type ChecklistTick = 'mark_done' | 'confirm' | null

/** Whether ticks are still taken: once a deal is settled or disputed, an unticked step stays unticked. */
export const checklistOpen = (status: TransactionDetailDto['status']) => TICKABLE.includes(status)

/** The tick open to the viewer on a step: the seller marks it done, then the buyer confirms it. */
export function tickFor(step: ChecklistStepDto, deal: Pick<TransactionDetailDto, 'status' | 'viewerRole'>): ChecklistTick {
  if (!checklistOpen(deal.status)) return null
  if (deal.viewerRole === 'seller' && !step.sellerDoneAt) return 'mark_done'
  if (deal.viewerRole === 'buyer' && step.sellerDoneAt && !step.buyerConfirmedAt) return 'confirm'
  return null
}

export function stepState(step: ChecklistStepDto): 'waiting_seller' | 'waiting_buyer' | 'confirmed' {
  if (step.buyerConfirmedAt) return 'confirmed'
  return step.sellerDoneAt ? 'waiting_buyer' : 'waiting_seller'
}

/** "2 of 5 confirmed" */
export function checklistProgress(steps: readonly ChecklistStepDto[]): string {
  return `${steps.filter((s) => s.buyerConfirmedAt).length} of ${steps.length} confirmed`
}
