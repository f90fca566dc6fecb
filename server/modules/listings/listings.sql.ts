/**
 * SQL of the listings table for another module's statement: a deal's step moves its listing in the same round trip as
 * the step. Arguments are SQL expressions of the caller's statement.
 */

/**
 * Moves the listing `change` names, a jsonb `{ id, status, sold_at, rejection_reason }`, to its status, with its sale
 * time and, when given, why it went off sale (a kept reason is not cleared); nothing when the status is null.
 * Answers the listing's id.
 */
export const moveListingSql = (change: string) =>
  `update listings l set status = c.status, sold_at = c.sold_at, rejection_reason = coalesce(c.rejection_reason, l.rejection_reason), updated_at = now()
    from jsonb_populate_record(null::listings, ${change}) c
    where l.id = c.id and c.status is not null
    returning l.id`
