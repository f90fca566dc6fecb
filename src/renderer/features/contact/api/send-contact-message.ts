import { useMutation } from '@tanstack/react-query'
import { contactReceiptSchema, type ContactMessageInput } from '@shared/api/contact'
import { apiSend } from '@/lib/api-client'

/** POST /api/contact: answers the receipt the form shows. */
export async function sendContactMessage(input: ContactMessageInput) {
  return contactReceiptSchema.parse(await apiSend<unknown>('POST', '/api/contact', input))
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
