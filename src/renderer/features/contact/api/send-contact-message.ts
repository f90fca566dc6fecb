import { useMutation } from '@tanstack/react-query'
import { contactReceiptSchema, type ContactMessageInput } from '@shared/api/contact'
import { contactEndpoints } from '@shared/api/endpoints/contact'
import { api } from '@/lib/api'

/** POST /api/contact: answers the receipt the form shows. */
export async function sendContactMessage(input: ContactMessageInput) {
  return contactReceiptSchema.parse(await api(contactEndpoints.postContact, { body: input }))
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
