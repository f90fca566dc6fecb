import { AuthScreen, type AuthTab } from '@/features/auth/components/auth-screen'

export default function AuthRoute({ tab }: { tab: AuthTab }) {
  return <AuthScreen tab={tab} />
}
