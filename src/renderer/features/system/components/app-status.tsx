import { OfflineNotice } from './offline-notice'
import { UpdatePrompt } from './update-prompt'

/**
 * The offline notice and the update prompt, stacked in the bottom-left corner of every page (the floating chat
 * button has the bottom-right one; on phones they keep to one line each); they let clicks through everywhere but on
 * themselves.
 */
export function AppStatus() {
  return (
    <div className="pointer-events-none fixed bottom-3 left-3 right-20 z-50 flex flex-col gap-2 sm:right-auto sm:bottom-6 sm:left-6 sm:w-96">
      <OfflineNotice />
      <UpdatePrompt />
    </div>
  )
}
