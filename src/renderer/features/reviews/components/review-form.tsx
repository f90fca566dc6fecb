import { useState, type FormEvent } from 'react'
import { REVIEW_RULES, reviewRequestSchema, reviewTextLength } from '@shared/api/reviews'
import { describedBy, errorId, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { describeError } from '@/lib/api-client'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { useSubmitReview } from '../api/submit-review'
import { RatingInput } from './rating-input'

interface Values {
  rating: number | null
  text: string
}

const RATING_ID = 'review-rating'
const TEXT_ID = 'review-text'

/** Stars and a few words, checked with the server's own schema before sending; one review per deal. */
export function ReviewForm({ transactionId, sellerName }: { transactionId: number; sellerName: string }) {
  const [values, setValues] = useState<Values>({ rating: null, text: '' })
  const [errors, setErrors] = useState<FieldErrors<Values>>({})
  const submit = useSubmitReview(transactionId)
  const length = reviewTextLength(values.text.trim())

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function send(event: FormEvent) {
    event.preventDefault()
    const checked = validate(reviewRequestSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.errors) {
      const first = checked.errors.rating ? document.querySelector<HTMLInputElement>(`#${RATING_ID} input`) : document.getElementById(TEXT_ID)
      first?.focus()
      return
    }
    submit.mutate(checked.data)
  }

  return (
    <form onSubmit={send} noValidate aria-labelledby="review-form-title" className="grid gap-5">
      <div>
        <h2 id="review-form-title" className="text-base font-semibold">
          Leave a review
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          How did the deal with {sellerName} go? Your review appears on their seller page. You can write one per deal, and it cannot be changed later.
        </p>
      </div>
      <div className="grid gap-2">
        <p id={`${RATING_ID}-label`} className="text-sm font-medium">
          Your rating
        </p>
        <RatingInput
          id={RATING_ID}
          value={values.rating}
          onChange={(rating) => change('rating', rating)}
          invalid={Boolean(errors.rating)}
          describedBy={describedBy(RATING_ID, errors.rating)}
        />
        {errors.rating && (
          <p id={errorId(RATING_ID)} className="text-sm font-medium text-destructive">
            {errors.rating}
          </p>
        )}
      </div>
      <FormField
        id={TEXT_ID}
        label="Your review"
        error={errors.text}
        hint={`${length.toLocaleString('en-US')} / ${REVIEW_RULES.textMax.toLocaleString('en-US')} characters`}
      >
        <Textarea
          id={TEXT_ID}
          name="text"
          rows={4}
          value={values.text}
          onChange={(event) => change('text', event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy(TEXT_ID, errors.text)}
          placeholder="What went well, and what could have gone better?"
        />
      </FormField>
      {submit.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {describeError(submit.error, 'Your review could not be posted. Please try again.')}
        </p>
      )}
      <Button type="submit" disabled={submit.isPending} className="sm:justify-self-start">
        {submit.isPending ? 'Posting…' : 'Post review'}
      </Button>
    </form>
  )
}
