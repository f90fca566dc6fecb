/** A positive whole id from the URL (?conversation=, /chat/{id}); anything else is no id. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return id >= 1 && id <= 2_147_483_647 ? id : null
}
