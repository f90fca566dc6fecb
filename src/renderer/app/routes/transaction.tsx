import { useParams } from 'react-router-dom'
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail-screen'

/** /transaction/{id}; keyed by id so another deal starts from a clean screen (dialogs, pay choice). */
export default function TransactionRoute() {
  const { id = '' } = useParams()
  return <TransactionDetailScreen key={id} id={id} />
}
