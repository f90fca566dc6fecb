import type Router from '@koa/router'
import type { Config } from '../../config'
import type { AppState } from '../../http/context'
import type { Logger } from '../../logger'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { EventBus } from '../../realtime/bus'
import type { LedgerService } from '../ledger/ledger.service'
import type { NotificationService } from '../notifications/notifications.service'
import { BalanceService } from './balance.service'
import type { PurchaseFunding } from './payment-crediting'
import type { PaymentProvider } from './payment-provider'
import { paymentRoutes } from './payments.routes'
import { PaymentsService } from './payments.service'
import { sandboxRoutes } from './sandbox/sandbox.routes'
import { SandboxProvider } from './sandbox/sandbox.provider'
import { TrustapClient } from './trustap/trustap.client'
import { TrustapOAuth } from './trustap/trustap.oauth'
import { TrustapProvider } from './trustap/trustap.provider'
import { trustapRoutes } from './trustap/trustap.routes'
import type { StepUp } from '../auth/step-up'
import { alertStuckPayments } from './stuck-payment-alerts'
import { adminWithdrawalRoutes, withdrawalRoutes } from './withdrawals.routes'
import { WithdrawalsService } from './withdrawals.service'

export type { PurchaseFunding } from './payment-crediting'

export interface PaymentsModuleDeps {
  config: Config
  ledger: LedgerService
  notifications: NotificationService
  bus: EventBus
  logger: Logger
  /** the escrow core, once created (it is created after payments, since it calls createPurchaseCheckout) */
  purchases: () => PurchaseFunding | undefined
}

export interface PaymentsModule {
  provider: PaymentProvider
  payments: PaymentsService
  withdrawals: WithdrawalsService
  balance: BalanceService
  oauth: TrustapOAuth
  /** Alerts the admins of orders that became stuck since the last call, once each; answers how many (a timer calls it). */
  alertStuckPayments(em: EntityManager): Promise<number>
  /** stepUp: the second-factor check money out and payout connections ask for (auth/step-up.ts) */
  routers(http: { stepUp: StepUp }): Router<AppState>[]
}

/** Builds the payments module for the configured provider (PAYMENTS_PROVIDER): services and their routes. */
export function createPaymentsModule(deps: PaymentsModuleDeps): PaymentsModule {
  const { config, logger } = deps
  const client = new TrustapClient(config.trustap)
  const sandbox = new SandboxProvider({ publicUrl: config.publicUrl, secret: config.sessionSecret, webhookPassword: config.sandboxWebhookPassword })
  const provider: PaymentProvider =
    config.paymentsProvider === 'trustap' ? new TrustapProvider({ client, config: config.trustap, publicUrl: config.publicUrl, logger }) : sandbox
  const shared = { provider, ledger: deps.ledger, notifications: deps.notifications, bus: deps.bus, logger }
  const payments = new PaymentsService({ ...shared, purchases: deps.purchases })
  const withdrawals = new WithdrawalsService(shared)
  const balance = new BalanceService(deps.ledger)
  const oauth = new TrustapOAuth({ client, publicUrl: config.publicUrl, logger })
  return {
    provider,
    payments,
    withdrawals,
    balance,
    oauth,
    alertStuckPayments: (em) => alertStuckPayments(em, shared),
    routers: ({ stepUp }) => [
      paymentRoutes({ payments, announce: shared }),
      withdrawalRoutes({ withdrawals, balance, stepUp, announce: shared }),
      adminWithdrawalRoutes({ withdrawals, stepUp, announce: shared }),
      trustapRoutes({ oauth, stepUp }),
      // the sandbox's hosted checkout exists only while the sandbox is the provider
      ...(provider === sandbox
        ? [
            sandboxRoutes({
              sandbox,
              publicUrl: config.publicUrl,
              secret: config.sessionSecret,
              notify: (em, order) =>
                payments.confirm(em, order).then(
                  () => undefined,
                  (err: unknown) => logger.warn({ err, orderId: order.orderId }, 'sandbox outcome not recorded on the order'),
                ),
            }),
          ]
        : []),
    ],
  }
}
