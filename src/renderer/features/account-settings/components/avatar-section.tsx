import { useId, useRef, useState, type ChangeEvent } from 'react'
import { ImageUp, Loader2, Trash2 } from 'lucide-react'
import { ACCOUNT_RULES } from '@shared/api/account-settings'
import type { CurrentUser } from '@shared/api/auth'
import { UserAvatar } from '@/components/user-avatar'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar'
import { avatarFileProblem } from '../lib/avatar-file'
import { FormAlert, SettingsSection } from './settings-section'

/** The picture beside the user's name in the header, chats and seller pages: upload (cropped square) or remove. */
export function AvatarSection({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()
  const busy = upload.isPending || remove.isPending

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // the same file chosen again after a refusal must fire a change again
    event.target.value = ''
    if (!file) return
    const local = avatarFileProblem(file)
    setProblem(local)
    if (local) return
    upload.mutate(file, {
      onSuccess: () => toast({ variant: 'success', title: 'Picture updated', description: 'It now shows wherever your name appears.' }),
      onError: (error) => setProblem(describeError(error, 'The picture could not be uploaded. Please try again.')),
    })
  }

  const clear = () => {
    setProblem(null)
    remove.mutate(undefined, {
      onSuccess: () => toast({ variant: 'success', title: 'Picture removed' }),
      onError: (error) => setProblem(describeError(error, 'The picture could not be removed. Please try again.')),
    })
  }

  return (
    <SettingsSection
      id="picture"
      title="Profile picture"
      description="Shown in the header, in your chats and on your seller page. JPEG, PNG or WebP, up to 5 MB; we crop it to a square."
    >
      <div className="flex items-center gap-4">
        {/* a smaller picture on the narrowest phones leaves the button room beside it */}
        <div className="relative size-16 shrink-0 min-[360px]:size-20">
          <UserAvatar
            username={user.username}
            avatar={user.avatar}
            className="size-16 text-2xl ring-1 ring-border min-[360px]:size-20 min-[360px]:text-3xl"
          />
          {busy && (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-navy-950/50" aria-hidden="true">
              <Loader2 className="size-6 animate-spin text-white" />
            </span>
          )}
        </div>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCOUNT_RULES.avatarTypes.join(',')}
              className="sr-only"
              onChange={choose}
              disabled={busy}
              data-testid="avatar-file"
              aria-label="Choose a picture"
            />
            <Button variant="primary" onClick={() => input.current?.click()} disabled={busy} className="max-[359px]:px-3">
              <ImageUp aria-hidden="true" /> {upload.isPending ? 'Uploading…' : user.avatar ? 'Change picture' : 'Upload picture'}
            </Button>
            {user.avatar && (
              <Button variant="outline" onClick={clear} disabled={busy} className="max-[359px]:px-3">
                <Trash2 aria-hidden="true" /> {remove.isPending ? 'Removing…' : 'Remove'}
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {busy ? 'Saving your picture…' : user.avatar ? 'Your picture is set.' : 'Without a picture, your initial is shown.'}
          </p>
        </div>
      </div>
      {problem && (
        <div className="mt-4">
          <FormAlert>{problem}</FormAlert>
        </div>
      )}
    </SettingsSection>
  )
}
