export { EmailDiagnosticScreen as default } from '@/features/email/components/email-diagnostic-screen'
