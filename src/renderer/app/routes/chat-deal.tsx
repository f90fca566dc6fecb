import type { RenderDeal } from '@/features/chat/components/chat-thread'
import { DealChatPanel } from '@/features/transactions/components/deal-chat-panel'

/** A deal's chat shows the deal above its messages: the transactions feature's panel (features do not import each other). */
export const renderDeal: RenderDeal = (transactionId) => <DealChatPanel transactionId={transactionId} />
