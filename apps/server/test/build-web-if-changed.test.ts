import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildWebIfChanged, webBuildState } from '../../../scripts/build-web-if-changed.mjs'

// `npm start` builds the web app only when what goes into the build changed since the last
// build (scripts/build-web-if-changed.mjs), here on a repository-shaped folder with a stand-in
// for `vite build`.

let root: string
let builds: number

const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), content)
}

/** writes dist as vite does: emptied, then filled */
const fakeBuild = (into: string) => {
  builds++
  rmSync(path.join(into, 'apps/web/dist'), { recursive: true, force: true })
  write('apps/web/dist/index.html', '<!doctype html>')
  return 0
}
const start = (env: NodeJS.ProcessEnv = {}) =>
  buildWebIfChanged({ root, env, build: fakeBuild, log: () => {} })

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tp-build-web-'))
  builds = 0
  write('package.json', '{}')
  write('package-lock.json', '{"lockfileVersion": 3}')
  write('tsconfig.base.json', '{}')
  write('apps/web/index.html', '<div id="root"></div>')
  write('apps/web/vite.config.ts', 'export default {}')
  write('apps/web/src/main.tsx', 'render()')
  write('apps/web/src/main.test.tsx', 'test()')
  write('apps/web/test/setup.ts', 'setup()')
  write('apps/web/node_modules/.vite/cache.json', '{}')
  write('packages/api/src/index.ts', 'export {}')
  write('packages/domain/src/index.ts', 'export {}')
  write('packages/domain/test/plans.test.ts', 'test()')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('building the web app for npm start', () => {
  it('builds the first time, then not again while nothing changed', () => {
    expect(webBuildState(root, {})).toMatchObject({ isUpToDate: false, reason: 'no build yet' })
    expect(start()).toBe(0)
    expect(start()).toBe(0)
    expect(builds).toBe(1)
    expect(webBuildState(root, {}).isUpToDate).toBe(true)
  })

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['a new web source', 'apps/web/src/features/new.tsx'],
    ['index.html', 'apps/web/index.html'],
    ['the vite config', 'apps/web/vite.config.ts'],
    ['a public file', 'apps/web/public/favicon.svg'],
    ['the API schemas', 'packages/api/src/index.ts'],
    ['the domain library', 'packages/domain/src/index.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('builds again after a change to %s', (_, file) => {
    start()
    write(file, 'changed')
    start()
    expect(builds).toBe(2)
  })

  it('does not build again for changes to tests or installed packages', () => {
    start()
    write('apps/web/src/main.test.tsx', 'another test()')
    write('apps/web/test/setup.ts', 'other setup()')
    write('apps/web/node_modules/.vite/cache.json', '{"x":1}')
    write('packages/domain/test/plans.test.ts', 'another test()')
    start()
    expect(builds).toBe(1)
  })

  it('builds again when a VITE_ variable changes', () => {
    start({ VITE_PAYPAL_CLIENT_ID: 'a' })
    start({ VITE_PAYPAL_CLIENT_ID: 'a', UNRELATED: 'x' })
    start({ VITE_PAYPAL_CLIENT_ID: 'b' })
    expect(builds).toBe(2)
  })

  it('builds again when the public address changes (the prerendered canonical URLs)', () => {
    start({ APP_URL: 'https://tradepeak.example' })
    start({ APP_URL: 'https://tradepeak.example', UNRELATED: 'x' })
    start({ APP_URL: 'https://www.tradepeak.example' })
    start({ PORT: '3100' })
    expect(builds).toBe(3)
  })

  it('builds again when the build output is gone or has no stamp, and when forced', () => {
    start()
    rmSync(path.join(root, 'apps/web/dist/.build-stamp.json'))
    start()
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true })
    start()
    buildWebIfChanged({ root, env: {}, build: fakeBuild, log: () => {}, force: true })
    expect(builds).toBe(4)
  })

  it('leaves no stamp after a failed build, so the next start builds again', () => {
    const failing = () => {
      builds++
      rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true })
      return 1
    }
    expect(buildWebIfChanged({ root, env: {}, build: failing, log: () => {} })).toBe(1)
    expect(start()).toBe(0)
    expect(builds).toBe(2)
  })
})
