/** A deal id from the route; anything that is not a positive whole number in range is a deal that does not exist. */
export function parseDealId(raw: string): number | null {
  return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : null
}
