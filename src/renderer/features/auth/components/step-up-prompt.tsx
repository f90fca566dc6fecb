import { ShieldCheck } from 'lucide-react'
import type { SecondFactorRequest, TwoFactorMethod } from '@shared/api/two-factor'
import { SecondFactorForm } from '@/components/second-factor-form'
import { PasskeyStepUpButton } from '@/components/passkey-step-up-button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'

interface StepUpPromptProps {
  /** what the account can confirm with */
  methods: TwoFactorMethod[]
  onCancel: () => void
  onSubmit: (input: SecondFactorRequest) => Promise<void>
  onPasskeyConfirmed: () => void
}

/** The step-up dialog itself (StepUpDialog opens it): a code, a recovery code or a passkey. */
export function StepUpPrompt({ methods, onCancel, onSubmit, onPasskeyConfirmed }: StepUpPromptProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent closeLabel="Cancel">
        <ShieldCheck className="size-8 text-mint-600 dark:text-mint-400" aria-hidden="true" />
        <DialogTitle>Confirm it is you</DialogTitle>
        <DialogDescription>
          Two-factor sign-in is on for your account, so money leaving it and changes to how you sign in need a fresh second factor: a code from your
          authenticator app, a recovery code, or a passkey. It is asked again after 5 minutes.
        </DialogDescription>
        <SecondFactorForm
          idPrefix="step-up-"
          methods={methods}
          submitLabel="Confirm"
          onSubmit={onSubmit}
          alternative={methods.includes('webauthn') ? <PasskeyStepUpButton onConfirmed={onPasskeyConfirmed} /> : undefined}
        />
      </DialogContent>
    </Dialog>
  )
}
