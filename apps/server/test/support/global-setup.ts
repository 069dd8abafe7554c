import type { TestProject } from 'vitest/node'
import { createDatabaseTemplate, testBackend } from './database'

/** Migrates one template database per test run and project (see database.ts). */
export default async function setup(project: TestProject) {
  const { template, dispose } = await createDatabaseTemplate(testBackend())
  project.provide('serverDatabaseTemplate', template)
  return dispose
}
