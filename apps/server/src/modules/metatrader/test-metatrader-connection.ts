import { metatraderMessages } from '@tp/api/metatrader'
import type {
  MetatraderConnectionTestRequest,
  MetatraderConnectionTestResponse,
} from '@tp/api/metatrader'
import type { AppContext } from '../../context'
import { MetaApiPlatform } from '../../integrations/trading-platform/metaapi/metaapi-platform'
import { AppError } from '../../lib/errors'
import { consumeAttempt } from '../auth/rate-limit'

// Connect MetaTrader (spec 2.13; decision 0043): tests a trader's own MetaTrader credentials
// through MetaApi - a temporary MetaApi account is added, deployed, read and removed again - and
// answers the success panel's data or the platform's reason. The password goes to MetaApi for
// this test only: it is not stored, not logged, not echoed. Limited per user (the window and
// count of RATE_LIMIT_MAX_PER_EMAIL) and per IP, as each test costs a MetaApi deployment.

/** The MetaApi adapter when it runs here (configured, or its local fake outside production). */
export function metaApiOf(ctx: AppContext): MetaApiPlatform | null {
  const adapter = ctx.trading.router.adapter('metaapi')
  return adapter instanceof MetaApiPlatform ? adapter : null
}

export async function testMetatraderConnection(
  ctx: AppContext,
  caller: { userId: string; ip: string },
  request: MetatraderConnectionTestRequest,
): Promise<MetatraderConnectionTestResponse> {
  const metaApi = metaApiOf(ctx)
  if (!metaApi) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: metatraderMessages.unavailable })
  }
  await consumeAttempt(ctx, 'metatrader-connection-test', {
    ip: caller.ip,
    email: `user:${caller.userId}`,
  })
  const outcome = await metaApi.testConnection({
    platform: request.platform,
    server: request.server,
    login: request.login,
    password: request.password,
  })
  ctx.logger.info(
    {
      userId: caller.userId,
      platform: request.platform,
      server: request.server,
      login: request.login,
      result: outcome.result,
      ...(outcome.result === 'failed' ? { code: outcome.code } : {}),
    },
    'MetaTrader connection test',
  )
  if (outcome.result === 'connected') return outcome
  return {
    result: 'failed',
    title: metatraderMessages.connectionFailed,
    message: outcome.message,
    code: outcome.code,
  }
}
