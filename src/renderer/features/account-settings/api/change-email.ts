import { useMutation, useQueryClient } from '@tanstack/react-query'
import { emailChangedSchema, emailChangeStartedSchema, type AccountEmail, type EmailChangeRequest } from '@shared/api/account-settings'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** POST /api/settings/email: a code goes to the new address (the current password proves who asks). */
export async function startEmailChange(input: EmailChangeRequest) {
  return emailChangeStartedSchema.parse(await api(accountSettingsEndpoints.postSettingsEmail, { body: input }))
}

/** POST /api/settings/email/resend: another code to the waiting address, 60 s after the last. */
export async function resendEmailCode() {
  return emailChangeStartedSchema.parse(await api(accountSettingsEndpoints.postSettingsEmailResend))
}

/** POST /api/settings/email/verify: the code switches the address. */
export async function verifyEmailChange(code: string) {
  return emailChangedSchema.parse(await api(accountSettingsEndpoints.postSettingsEmailVerify, { body: { code } }))
}

/**
 * Every step shows its outcome at once (the address waiting, or the new one in use) and then refreshes the email
 * the screen shows from the server, whatever happened.
 */
function useEmailMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  shown: (result: TResult, before: AccountEmail) => AccountEmail,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (result) => queryClient.setQueryData<AccountEmail | null>(accountKeys.email(), (before) => (before ? shown(result, before) : before)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.email() }),
  })
}

export const useStartEmailChange = () => useEmailMutation(startEmailChange, (started, before) => ({ ...before, pendingEmail: started.pendingEmail }))
export const useResendEmailCode = () => useEmailMutation(resendEmailCode, (_sent, before) => before)
export const useVerifyEmailChange = () => useEmailMutation(verifyEmailChange, (changed) => ({ email: changed.email, pendingEmail: null }))
