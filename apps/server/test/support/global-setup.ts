import type { TestProject } from 'vitest/node'
import { createDatabaseTemplate, parseTestBackend } from './database'

/**
 * Migrates one template database per test run and project (see database.ts). Global setup runs
 * in Vitest's main process, where the project's `test.env` (TEST_DB_BACKEND) is not applied to
 * process.env: the backend is read from the project's own config, so `server-postgres` really
 * gets a PostgreSQL template.
 */
export default async function setup(project: TestProject) {
  const backend = parseTestBackend(
    project.config.env?.TEST_DB_BACKEND ?? process.env.TEST_DB_BACKEND,
  )
  const { template, dispose } = await createDatabaseTemplate(backend)
  project.provide('serverDatabaseTemplate', template)
  return dispose
}
