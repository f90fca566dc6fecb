import { useParams } from 'react-router-dom'
import { PaymentScreen } from '@/features/transactions/components/payment-screen'

/** /payment/{id}: the payment of the viewer's deal {id} (no payment-order endpoint exists to read instead). */
export default function PaymentRoute() {
  const { id = '' } = useParams()
  return <PaymentScreen key={id} id={id} />
}
