import type { EntityManager } from '@mikro-orm/postgresql'
import { ChecklistItem, HandoverStep, type EscrowTransaction } from './escrow.entities'

/** The deal takes its own copy of its platform's steps when paid: an admin editing the steps later changes no running deal. */
export async function copyChecklist(tx: EntityManager, deal: EscrowTransaction): Promise<void> {
  const existing = await tx.count(ChecklistItem, { transaction: deal.id })
  if (existing > 0) return
  const steps = await tx.find(HandoverStep, { platform: deal.listing.platform }, { orderBy: { position: 'asc' } })
  for (const step of steps) {
    tx.create(ChecklistItem, { transaction: deal, position: step.position, title: step.title, description: step.description })
  }
}
