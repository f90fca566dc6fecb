import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ListingDto } from '@shared/api/listings'
import { paths } from '@/config/paths'
import { toast } from '@/hooks/use-toast'
import { ApiError, describeError } from '@/lib/api-client'
import { useSaveListing, type SaveRequest } from '../api/save-listing'
import { fieldId } from '../lib/field-ids'
import {
  changedInput,
  changesAccount,
  EMPTY_LISTING_FORM,
  formValuesOf,
  toListingInput,
  type ListingField,
  type ListingFormValues,
} from '../lib/form-values'
import { pendingImagesProblem, storedUrls } from '../lib/image-items'
import { fieldOfServerMessage, validateCreate, validateUpdate, type ListingFieldErrors } from '../lib/validation'
import { useImageUploads, type UploadFn } from './use-image-uploads'

/** Top to bottom, so the first field with a problem is the one that gets focus. */
const FIELD_ORDER: readonly ListingField[] = [
  'platform',
  'username',
  'displayName',
  'niche',
  'accountTitle',
  'description',
  'price',
  'followers',
  'monthlyIncome',
  'images',
]

function focusFirstError(errors: ListingFieldErrors) {
  const field = FIELD_ORDER.find((f) => errors[f])
  if (!field) return
  const element = document.getElementById(fieldId(field))
  const target = element?.matches('input, textarea, button') ? element : element?.querySelector<HTMLElement>('button, input, textarea')
  target?.focus()
}

/** What the seller is told when an edit sends a live listing back to review: before saving, and after. */
export const BACK_TO_REVIEW = {
  note: 'A new platform or handle sends this listing back to review: it leaves the catalogue when you save and returns once an admin approves it.',
  savedTitle: 'Changes saved, listing sent back to review',
  savedDescription: 'A new platform or handle needs an admin’s approval; the listing is out of the catalogue until then.',
} as const

/** `before` is the listing as loaded for an edit, absent for a create. */
function savedToast(saved: ListingDto, before: ListingDto | undefined) {
  // the answer's status is the truth: the server's approval setting decides whether review applies
  if (before?.status === 'active' && saved.status === 'pending_review') {
    toast({ variant: 'warning', title: BACK_TO_REVIEW.savedTitle, description: BACK_TO_REVIEW.savedDescription })
  } else if (before) toast({ variant: 'success', title: 'Changes saved' })
  else if (saved.status === 'active') toast({ variant: 'success', title: 'Listing published', description: 'It is live in the catalogue now.' })
  else toast({ variant: 'success', title: 'Listing submitted', description: 'An admin reviews it before it appears in the catalogue.' })
}

/**
 * State and submission of the create/edit form. Input is checked with the shared schema first, so
 * the messages are the server's; a create sends every field, an edit only what changed.
 */
export function useListingForm(listing: ListingDto | undefined, upload?: UploadFn) {
  const [initial] = useState<ListingFormValues>(() => (listing ? formValuesOf(listing) : EMPTY_LISTING_FORM))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<ListingFieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const images = useImageUploads(initial.images, upload)
  const save = useSaveListing()
  const navigate = useNavigate()

  const clearError = (field: ListingField) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
    setFormError(null)
  }

  const setField = <F extends ListingField>(field: F, value: ListingFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }))
    clearError(field)
  }

  const onServerError = (error: unknown) => {
    const message = error instanceof ApiError ? error.serverMessage : undefined
    const field = message ? fieldOfServerMessage(message) : undefined
    if (message && field) {
      setErrors({ [field]: message })
      focusFirstError({ [field]: message })
      return
    }
    toast({
      variant: 'destructive',
      title: listing ? 'Could not save the changes' : 'Could not create the listing',
      description: describeError(error, 'Please try again in a moment.'),
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const current = { ...values, images: storedUrls(images.items) }
    const body = listing ? changedInput(initial, current) : toListingInput(current)
    const result = listing ? validateUpdate(body) : validateCreate(body)
    const imagesProblem = pendingImagesProblem(images.items)
    const fieldErrors: ListingFieldErrors = { ...result.fields, ...(imagesProblem ? { images: imagesProblem } : {}) }
    setErrors(fieldErrors)
    setFormError(imagesProblem ? null : (result.form ?? null))
    if (!result.ok || imagesProblem) {
      focusFirstError(fieldErrors)
      return
    }
    const request: SaveRequest = listing ? { kind: 'update', id: listing.id, body } : { kind: 'create', body }
    save.mutate(request, {
      onSuccess: (saved) => {
        savedToast(saved, listing)
        navigate(paths.listing(saved.id))
      },
      onError: onServerError,
    })
  }

  // an active listing is live in the catalogue; a new account in it has to be reviewed again
  const backToReview = listing?.status === 'active' && changesAccount(initial, values)

  return { values, setField, clearError, errors, formError, images, submit, isSaving: save.isPending, isEdit: Boolean(listing), backToReview }
}
