import { EnvError, loadEnv, type Env } from './config/env'
import { createLogger } from './lib/logger'
import { startServer } from './server'

// `npm start`: env -> database -> migrations -> seed -> local fakes -> jobs -> HTTP on PORT,
// and a graceful stop on SIGINT/SIGTERM.

function readEnv(): Env {
  try {
    return loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Tradepeak cannot start. ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

const env = readEnv()
const logger = createLogger(env)

try {
  const server = await startServer({ env, logger })
  const address = await server.app.listen({ host: env.HOST, port: env.PORT })

  let isStopping = false
  const shutdown = async (signal: string) => {
    if (isStopping) return
    isStopping = true
    logger.info(`${signal} received: stopping`)
    const forced = setTimeout(() => {
      logger.error('graceful stop took too long; exiting')
      process.exit(1)
    }, 20_000)
    forced.unref()
    await server.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const lines = [
    '',
    `  Tradepeak is running on ${env.APP_URL}  (listening on ${address})`,
    `  API docs: ${env.APP_URL}/api/docs`,
  ]
  if (server.ctx.isMailCaptured) {
    lines.push(
      `  Outgoing mail is captured: sign in as the admin and open ${env.APP_URL}/admin/mailbox`,
    )
  }
  if (server.fakes.oxapay) {
    lines.push(
      `  Crypto payments: move them along in the OxaPay sandbox at ${server.fakes.oxapay.url}`,
    )
  }
  if (server.seededAccounts.length > 0) {
    lines.push('  Demo accounts (password as first seeded; override with DEMO_* variables):')
    for (const account of server.seededAccounts) {
      lines.push(`    ${account.role.padEnd(7)}  ${account.email}  /  ${account.password}`)
    }
  }
  console.log(lines.join('\n') + '\n')
} catch (error) {
  logger.fatal({ err: error }, 'Tradepeak failed to start')
  process.exit(1)
}
