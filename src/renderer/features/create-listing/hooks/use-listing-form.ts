import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ListingDto } from '@shared/api/listings'
import { paths } from '@/config/paths'
import { toast } from '@/hooks/use-toast'
import { ApiError, describeError } from '@/lib/api-client'
import { useSaveListing, type SaveRequest } from '../api/save-listing'
import { fieldId } from '../lib/field-ids'
import { changedInput, EMPTY_LISTING_FORM, formValuesOf, toListingInput, type ListingField, type ListingFormValues } from '../lib/form-values'
import { pendingImagesProblem, storedUrls } from '../lib/image-items'
import { fieldOfServerMessage, validateCreate, validateUpdate, type ListingFieldErrors } from '../lib/validation'
import { useImageUploads, type UploadFn } from './use-image-uploads'

/** Top to bottom, so the first field with a problem is the one that gets focus. */
const FIELD_ORDER: readonly ListingField[] = [
  'platform', 'username', 'displayName', 'niche', 'accountTitle', 'description', 'price', 'followers', 'monthlyIncome', 'images',
]

function focusFirstError(errors: ListingFieldErrors) {
  const field = FIELD_ORDER.find((f) => errors[f])
  if (!field) return
  const element = document.getElementById(fieldId(field))
  const target = element?.matches('input, textarea, button') ? element : element?.querySelector<HTMLElement>('button, input, textarea')
  target?.focus()
}

function savedToast(listing: ListingDto, created: boolean) {
  if (!created) toast({ variant: 'success', title: 'Changes saved' })
  else if (listing.status === 'active') toast({ variant: 'success', title: 'Listing published', description: 'It is live in the catalogue now.' })
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
    toast({ variant: 'destructive', title: listing ? 'Could not save the changes' : 'Could not create the listing', description: describeError(error, 'Please try again in a moment.') })
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
        savedToast(saved, !listing)
        navigate(paths.listing(saved.id))
      },
      onError: onServerError,
    })
  }

  return { values, setField, clearError, errors, formError, images, submit, isSaving: save.isPending, isEdit: Boolean(listing) }
}
