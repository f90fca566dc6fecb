import type { EntityManager } from '@mikro-orm/postgresql'
import type { EscrowTransaction } from './escrow.entities'

/**
 * The deal takes its own copy of its platform's steps when paid: an admin editing the steps later changes no
 * running deal. One statement; a deal that has its copy already gets nothing twice.
 */
export async function copyChecklist(tx: EntityManager, deal: EscrowTransaction): Promise<void> {
  await tx.execute(
    `insert into transaction_checklist (transaction_id, position, title, description)
     select ?, position, title, description from handover_steps
     where platform = ? and not exists (select 1 from transaction_checklist where transaction_id = ?)
     order by position`,
    [deal.id, deal.listing.platform, deal.id],
  )
}
