// Browser journeys drive Debian's Chromium (no browser download). Install it when missing.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const command = 'apt-get update && apt-get install -y chromium'
  if (!isRoot) {
    // one sudo for both steps: `sudo a && b` would run the install without it
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n  sudo sh -c '${command}'`,
    )
    process.exit(1)
  }
  console.log(`Chromium is missing; installing it: ${command}`)
  const r = spawnSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${command}`], {
    stdio: 'inherit',
  })
  if (r.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error('Installing chromium failed; run as root: ' + command)
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
