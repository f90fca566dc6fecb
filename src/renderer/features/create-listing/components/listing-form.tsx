import { Link } from 'react-router-dom'
import { Info, Loader2 } from 'lucide-react'
import { LISTING_RULES, normalizeHandle, type ListingDto } from '@shared/api/listings'
import { PLATFORMS } from '@/config/platforms'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import type { UploadFn } from '../hooks/use-image-uploads'
import { BACK_TO_REVIEW, useListingForm } from '../hooks/use-listing-form'
import { describedBy, fieldId, labelId } from '../lib/field-ids'
import type { ListingField } from '../lib/form-values'
import { Affixed, Field, FormSection } from './field'
import { ImageUploader } from './image-uploader'
import { PlatformPicker, type PlatformIconComponent } from './platform-picker'
import { SwitchField } from './switch-field'

interface ListingFormProps {
  /** the listing being edited; absent when creating */
  listing?: ListingDto
  platformIcon: PlatformIconComponent
  /** tests replace the network upload */
  upload?: UploadFn
}

type TextField = Exclude<ListingField, 'platform' | 'isVerified' | 'isMonetized' | 'images'>

const HANDLE_HINT = 'Letters, digits, dots, underscores and hyphens; no @ needed.'

function DescriptionCount({ length }: { length: number }) {
  const outside = length > LISTING_RULES.descriptionMax || (length > 0 && length < LISTING_RULES.descriptionMin)
  return (
    <span id="listing-description-count" className={cn('text-xs tabular-nums', outside ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      {length.toLocaleString('en-US')} / {LISTING_RULES.descriptionMax.toLocaleString('en-US')}
    </span>
  )
}

/** The create / edit form: account, listing text, figures, images. */
export function ListingForm({ listing, platformIcon, upload }: ListingFormProps) {
  const form = useListingForm(listing, upload)
  const { values, errors } = form
  const audience = values.platform ? PLATFORMS[values.platform].audience : 'Followers'
  const handle = normalizeHandle(values.username)

  const text = (field: TextField, hasHint = false) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => form.setField(field, event.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, errors[field], hasHint),
  })

  return (
    <form noValidate onSubmit={form.submit} className="grid gap-6">
      <FormSection title="The account" description="Which account you are selling.">
        <Field field="platform" label="Platform" error={errors.platform}>
          <PlatformPicker
            id={fieldId('platform')}
            labelledBy={labelId('platform')}
            value={values.platform}
            onChange={(platform) => form.setField('platform', platform)}
            icon={platformIcon}
            invalid={Boolean(errors.platform)}
            describedBy={describedBy('platform', errors.platform)}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            field="username"
            label="Handle"
            error={errors.username}
            hint={handle && handle !== values.username.trim() ? `Saved as @${handle}` : HANDLE_HINT}
          >
            <Affixed prefix="@">
              <Input
                {...text('username', true)}
                className="pl-8"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                placeholder="yourhandle"
              />
            </Affixed>
          </Field>
          <Field field="displayName" label="Display name" error={errors.displayName}>
            <Input {...text('displayName')} placeholder="The name shown on the profile" />
          </Field>
        </div>
        {/* a live region that is always there, so the note is announced when it appears */}
        <div aria-live="polite" className="empty:hidden">
          {form.backToReview && (
            <p className="flex items-start gap-2.5 rounded-xl border border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 px-4 py-3 text-sm font-medium text-amber-900 dark:text-amber-200">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {BACK_TO_REVIEW.note}
            </p>
          )}
        </div>
        <Field field="niche" label="Niche" error={errors.niche} hint="The topic, e.g. Gaming, Fitness, Finance.">
          <Input {...text('niche', true)} placeholder="Gaming" />
        </Field>
      </FormSection>

      <FormSection title="Your listing" description="What buyers read first.">
        <Field
          field="accountTitle"
          label="Title"
          error={errors.accountTitle}
          hint={`${LISTING_RULES.titleMin} to ${LISTING_RULES.titleMax} characters.`}
        >
          <Input {...text('accountTitle', true)} placeholder="Monetized gaming channel with a loyal audience" />
        </Field>
        <Field
          field="description"
          label="Description"
          error={errors.description}
          hint={`At least ${LISTING_RULES.descriptionMin} characters: audience, content, how the account earns, what the buyer receives.`}
          aside={<DescriptionCount length={values.description.trim().length} />}
        >
          <textarea
            {...text('description', true)}
            rows={7}
            aria-describedby={[describedBy('description', errors.description, true), 'listing-description-count'].join(' ')}
            className="min-h-36 w-full rounded-xl border border-input bg-card px-3.5 py-3 text-base shadow-xs transition-colors outline-none placeholder:text-navy-400 focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive sm:text-sm"
          />
        </Field>
      </FormSection>

      <FormSection title="Price and figures" description="Amounts in US dollars.">
        <div className="grid gap-5 sm:grid-cols-3">
          <Field field="price" label="Price" error={errors.price}>
            <Affixed prefix="$">
              <Input {...text('price')} inputMode="decimal" className="pl-7" placeholder="2500" autoComplete="off" />
            </Affixed>
          </Field>
          <Field field="followers" label={audience} error={errors.followers}>
            <Input {...text('followers')} inputMode="numeric" placeholder="125000" autoComplete="off" />
          </Field>
          <Field field="monthlyIncome" label="Monthly income" error={errors.monthlyIncome} hint="Leave empty if it earns nothing.">
            <Affixed prefix="$" suffix="/ month">
              <Input {...text('monthlyIncome', true)} inputMode="decimal" className="pr-18 pl-7" placeholder="0" autoComplete="off" />
            </Affixed>
          </Field>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SwitchField
            id={fieldId('isVerified')}
            label="Verified account"
            description="The platform shows a verification badge."
            checked={values.isVerified}
            onCheckedChange={(on) => form.setField('isVerified', on)}
          />
          <SwitchField
            id={fieldId('isMonetized')}
            label="Monetized"
            description="The account earns from the platform or sponsors."
            checked={values.isMonetized}
            onCheckedChange={(on) => form.setField('isMonetized', on)}
          />
        </div>
      </FormSection>

      <FormSection title="Images" description="Screenshots of the profile and its analytics help buyers trust the listing.">
        <Field field="images" label="Upload images" error={errors.images}>
          <ImageUploader uploads={form.images} describedBy={describedBy('images', errors.images)} onChange={() => form.clearError('images')} />
        </Field>
      </FormSection>

      {form.formError && (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive">
          {form.formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="lg">
          <Link to={listing ? paths.listing(listing.id) : paths.home}>Cancel</Link>
        </Button>
        <Button type="submit" size="lg" disabled={form.isSaving}>
          {form.isSaving && <Loader2 className="animate-spin" aria-hidden="true" />}
          {form.isSaving ? (form.isEdit ? 'Saving...' : 'Submitting...') : form.isEdit ? 'Save changes' : 'Submit listing'}
        </Button>
      </div>
    </form>
  )
}
