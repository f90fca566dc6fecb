import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountDeletedSchema, type DeleteAccountRequest } from '@shared/api/account-settings'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { api } from '@/lib/api'
import { accountKeys, authKeys, conversationKeys, notificationKeys, transactionKeys } from '@/lib/query-keys'

/** POST /api/settings/delete-account: the account is anonymised and every session ends, this one too. */
export async function deleteAccount(input: DeleteAccountRequest) {
  return accountDeletedSchema.parse(await api(accountSettingsEndpoints.postSettingsDeleteAccount, { body: input }))
}

/** On success the cached user and their data go, as at sign-out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.setQueryData(authKeys.me(), null)
      queryClient.removeQueries({ queryKey: authKeys.adminMe() })
      for (const queryKey of [accountKeys.all, conversationKeys.all, transactionKeys.all, notificationKeys.all])
        queryClient.removeQueries({ queryKey })
    },
  })
}
