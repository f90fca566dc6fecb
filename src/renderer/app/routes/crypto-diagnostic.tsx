export { CryptoDiagnosticScreen as default } from '@/features/diagnostics/components/crypto-diagnostic-screen'
