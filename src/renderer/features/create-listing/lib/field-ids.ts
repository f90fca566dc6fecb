import type { ListingField } from './form-values'

/** Element ids of the form's controls, so labels, messages and focus agree. */
export const fieldId = (field: ListingField) => `listing-${field}`
export const labelId = (field: ListingField) => `listing-${field}-label`
export const errorId = (field: ListingField) => `listing-${field}-error`
export const hintId = (field: ListingField) => `listing-${field}-hint`

/** aria-describedby for a control: its error when there is one, else its hint. */
export function describedBy(field: ListingField, error: string | undefined, hasHint = false): string | undefined {
  if (error) return errorId(field)
  return hasHint ? hintId(field) : undefined
}
