import { useState, type FormEvent } from 'react'
import { CONTACT_RULES, contactMessageSchema, type ContactMessageInput } from '@shared/api/contact'
import { describedBy, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { describeError } from '@/lib/api-client'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { useSendContactMessage } from '../api/send-contact-message'

type Field = keyof ContactMessageInput

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' }

/** Name, email, subject and message, checked with the server's own schema before sending. */
export function ContactForm({ initial, onSent }: { initial?: Partial<ContactMessageInput>; onSent: (receipt: string) => void }) {
  const [values, setValues] = useState<ContactMessageInput>({ ...EMPTY, ...initial })
  const [errors, setErrors] = useState<FieldErrors<ContactMessageInput>>({})
  const send = useSendContactMessage()

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    // a fixed field stops showing its error at once; the others wait for the next send
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = validate(contactMessageSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.errors) {
      document.getElementById(`contact-${Object.keys(checked.errors)[0]}`)?.focus()
      return
    }
    send.mutate(checked.data, { onSuccess: (receipt) => onSent(receipt.message) })
  }

  const control = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(`contact-${field}`, errors[field]),
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Contact form">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name}>
          <Input {...control('name')} autoComplete="name" maxLength={CONTACT_RULES.nameMax} />
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email} hint="We answer to this address.">
          <Input {...control('email')} type="email" autoComplete="email" maxLength={CONTACT_RULES.emailMax} />
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={errors.subject}>
        <Input {...control('subject')} maxLength={CONTACT_RULES.subjectMax} />
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        error={errors.message}
        hint={`${values.message.trim().length} / ${CONTACT_RULES.messageMax.toLocaleString('en-US')} characters`}
      >
        <Textarea {...control('message')} rows={7} maxLength={CONTACT_RULES.messageMax} />
      </FormField>
      {send.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {describeError(send.error, 'Your message could not be sent. Please try again.')}
        </p>
      )}
      <Button type="submit" size="lg" disabled={send.isPending} className="sm:justify-self-start">
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  )
}
