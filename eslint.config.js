// One linter for the whole repository. Boundaries that keep the architecture honest are
// enforced here (see ARCHITECTURE.md and docs/decisions/0019-import-zones.md): the domain library
// stays pure, the server's layers import downwards only and without cycles, the web app's imports
// flow shared -> features -> app and no feature reaches into another.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import globals from 'globals'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const root = import.meta.dirname
const extensions = ['.ts', '.tsx', '.mjs', '.js', '.json']
// how import-x reads the files an import leads to (TypeScript sources, workspace packages too)
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
  'import-x/external-module-folders': ['node_modules'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
}

// ---- server layers (apps/server/src), bottom to top --------------------------------------------
// Each layer imports only the layers below it (and packages):
//   config/        env schema and paths: nothing of the app
//   lib/           errors, clock, logger, crypto, access tokens, email frame, HTTP plumbing:
//                  config/ only, so no AppContext and no database (a helper takes what it uses)
//   db/            tables, client, migrations, seed
//   integrations/  ports, adapters, fakes, the simulated trading server: no use-case
//   modules/, risk/, jobs/  use-cases, the risk monitor, queues; they take the AppContext
//                  (context.ts, a type naming every service). A module's routes.ts calls
//                  use-cases and never touches db/ itself.
//   app.ts, server.ts, trading-runtime.ts, main.ts  composition roots, imported by no layer
const server = 'apps/server/src'
const inServer = (...names) => names.map((name) => `${server}/${name}`)
const serverRoots = inServer('app.ts', 'server.ts', 'trading-runtime.ts', 'main.ts')
const useCases = inServer('modules', 'risk', 'jobs')
const serverZones = [
  {
    target: inServer('config'),
    from: [...inServer('lib', 'db', 'integrations', 'context.ts'), ...useCases, ...serverRoots],
    message: 'config/ is the bottom of the server: it imports nothing of the app.',
  },
  {
    target: inServer('lib'),
    from: [...inServer('db', 'integrations', 'context.ts'), ...useCases, ...serverRoots],
    message:
      'lib/ imports lib/ and config/ only: no AppContext, no database; take what a helper uses as parameters.',
  },
  {
    target: inServer('db'),
    from: [...inServer('integrations', 'context.ts'), ...useCases, ...serverRoots],
    message: 'db/ imports config/ and lib/ only.',
  },
  {
    target: inServer('integrations'),
    from: [...inServer('context.ts'), ...useCases, ...serverRoots],
    message: 'integrations/ (ports, adapters, fakes) import config/, lib/ and db/ only.',
  },
  {
    target: useCases,
    from: serverRoots,
    message: 'The composition roots (app, server, trading-runtime, main) are imported by no layer.',
  },
  {
    target: inServer('modules/*/*routes.ts'),
    from: inServer('db'),
    message: 'No SQL in routes: a route calls a use-case of its module, which reads the database.',
  },
]

// ---- web features (apps/web/src), bulletproof-react style --------------------------------------
const web = 'apps/web/src'
const webShared = ['components', 'hooks', 'lib', 'config', 'types', 'utils'].map(
  (folder) => `${web}/${folder}`,
)
const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const webZones = [
  // a feature uses shared code, packages and its own files, never another feature's internals:
  // pages that need two features are composed in app/
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: `A feature imports shared code (components, hooks, lib, config, testing) and its own files, not another feature: move what both need to a shared folder, or compose the two in app/.`,
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features must not import the app shell.',
  },
  {
    target: webShared,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code must not import features or the app shell.',
  },
]

const ioModules = [
  'fs',
  'node:*',
  'fs/*',
  'path',
  'os',
  'net',
  'http',
  'https',
  'child_process',
  'fastify',
  'fastify*',
  '@fastify/*',
  'pg',
  'pg-boss',
  'drizzle-orm',
  'drizzle-orm/*',
  'react',
  'react-dom',
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ioModules,
              message: 'The domain library is pure: no I/O and no framework imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The domain library does no I/O.' },
        { name: 'process', message: 'The domain library does not read the environment.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // the Toaster mounts on demand: a feature's toast must ask for it (lib/toast does)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/components/ui/toaster.tsx', '**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message: "Import { toast } from '@/lib/toast': it mounts the Toaster first.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { ...importSettings, 'import-x/resolver-next': [createNodeResolver({ extensions })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones }],
      // type-only imports do not count (they leave nothing at run time); cycles longer than 10
      // imports are not looked for (there were none at any depth when this was set), which keeps
      // the lint quick as the server grows
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importSettings,
      'import-x/resolver-next': [
        createNodeResolver({
          extensions,
          tsconfig: { configFile: path.join(root, 'apps/web/tsconfig.json') },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }],
    },
  },
)
