import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import path from 'node:path'
import { repoRoot, serverRoot } from '../../src/config/paths'

// The real entry point (src/main.ts) in a process of its own, as `npm start` runs it, for tests
// that restart or kill the server.

export type ChildServer = {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  baseUrl: string
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts `src/main.ts` with `env` on top of quiet test defaults; resolves once it printed that it
 * is running. `preload`: modules loaded first (`--import`), e.g. a failpoint of a test.
 */
export async function startChildServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: { preload?: string[] } = {},
): Promise<ChildServer> {
  const port = await freePort()
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [
      ...(options.preload ?? []).flatMap((module) => ['--import', module]),
      path.join(serverRoot, 'src/main.ts'),
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'warn',
        MARKET_FEED: 'manual',
        MARKET_BACKFILL_HOURS: '0',
        ...env,
      },
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${stdout}\n${stderr}`))
    child.once('exit', onExit)
    child.stdout!.on('data', () => {
      if (stdout.includes('Tradepeak is running')) {
        child.off('exit', onExit)
        resolve()
      }
    })
  })
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    baseUrl: `http://127.0.0.1:${port}`,
  }
}

/** Stops the server with `signal` (SIGTERM: a graceful stop; SIGKILL: a crash); its exit code. */
export function stopChildServer(
  started: ChildServer,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) {
    return Promise.resolve(started.child.exitCode)
  }
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code))
    started.child.kill(signal)
  })
}
