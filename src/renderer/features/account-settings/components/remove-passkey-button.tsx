import { useState } from 'react'
import { Loader2, Trash2 } from 'lucide-react'
import type { PasskeyDto } from '@shared/api/webauthn'
import { Button } from '@/components/ui/button'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/dialog'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useRemovePasskey } from '../api/remove-passkey'
import { FormAlert } from './settings-section'

/**
 * Remove, asked first. `lastFactor`: nothing else protects the account, so two-factor sign-in goes off with it
 * (an admin is refused, and the server says why).
 */
export function RemovePasskeyButton({ passkey, lastFactor }: { passkey: PasskeyDto; lastFactor: boolean }) {
  const [open, setOpen] = useState(false)
  const remove = useRemovePasskey()
  const change = (next: boolean) => {
    if (remove.isPending) return
    if (next) remove.reset()
    setOpen(next)
  }
  const confirm = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setOpen(false)
        toast({ variant: 'success', title: 'Passkey removed', description: `“${passkey.name}” no longer signs in to your account.` })
      },
    })

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-full sm:w-auto" aria-label={`Remove ${passkey.name}`}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle className="wrap-anywhere">Remove “{passkey.name}”?</AlertDialogTitle>
        <AlertDialogDescription>
          It will no longer sign you in. Remove it from the device or password manager too.
          {lastFactor && ' It is your last second factor: two-factor sign-in turns off and your recovery codes stop working.'}
        </AlertDialogDescription>
        {remove.isError && (
          <div className="mt-4">
            <FormAlert>{describeError(remove.error, 'The passkey could not be removed. Please try again.')}</FormAlert>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {/* not AlertDialog.Action: that closes at once, and the dialog stays while the request runs */}
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {remove.isPending ? 'Removing…' : 'Remove passkey'}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
