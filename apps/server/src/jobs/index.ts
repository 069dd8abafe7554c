import { syncCalendarFeedJob } from '../modules/calendar/sync-calendar-feed'
import { issueCertificateJob } from '../modules/certificates/issue-certificate'
import { sweepCertificatesJob } from '../modules/certificates/sweep-certificates'
import { provisionAccountJob, sendCredentialsEmailJob } from '../modules/accounts/provision-account'
import { sendPasswordResetJob } from '../modules/auth/request-password-reset'
import { refreshLeaderboardJob } from '../modules/leaderboard/refresh-leaderboard'
import { fulfilOrderJob } from '../modules/orders/confirm-payment'
import { reconcilePaymentJob, sweepPaymentsJob } from '../modules/payments/reconcile-payment'
import { lateBonusJob } from '../modules/payouts/late-bonus-job'
import { reconcilePayoutJob } from '../modules/payouts/receive-payout-callback'
import { sendPayoutJob } from '../modules/payouts/send-payout'
import { settlePayoutJob } from '../modules/payouts/settle-payout'
import { refreshTradeLockerLinksJob } from '../modules/tradelocker/refresh-tradelocker-links-job'
import { dayResetJob } from '../risk/day-reset-job'
import { weekendCloseJob } from '../risk/weekend-close-job'
import { cleanExpiredRecordsJob } from './clean-expired-records'
import type { JobDefinition } from './job-runner'
import { sendEmailJob } from './send-email'

/** Every job the app runs; each process works all queues. */
export const allJobs = [
  sendEmailJob,
  sendPasswordResetJob,
  cleanExpiredRecordsJob,
  provisionAccountJob,
  sendCredentialsEmailJob,
  dayResetJob,
  weekendCloseJob,
  fulfilOrderJob,
  reconcilePaymentJob,
  sweepPaymentsJob,
  refreshLeaderboardJob,
  issueCertificateJob,
  sweepCertificatesJob,
  sendPayoutJob,
  reconcilePayoutJob,
  settlePayoutJob,
  lateBonusJob,
  syncCalendarFeedJob,
  refreshTradeLockerLinksJob,
] as JobDefinition<unknown>[] as JobDefinition<never>[]
