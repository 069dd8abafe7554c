import { STATEMENT_UPLOAD_MAX_BYTES, statementImportMessages } from '@tp/api/statement-import'
import {
  listStatementImportsResponseSchema,
  saveStatementImportResponseSchema,
  statementImportFormSchema,
  statementImportMetricsQuerySchema,
  statementImportMetricsResponseSchema,
  statementImportParamsSchema,
  statementImportReportResponseSchema,
} from '@tp/api/statement-import-schemas'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import { assertMultipart, multipartError } from '../../lib/multipart'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { deleteStatementImport } from './delete-statement-import'
import { getStatementImport } from './get-statement-import'
import { getStatementImportMetrics } from './get-statement-import-metrics'
import { listStatementImports } from './list-statement-imports'
import { saveStatementImport } from './save-statement-import'

// Saved statement imports (issue 12 item 8; packages/api/src/statement-import.ts): a trader's
// MT4/MT5 statements kept as read-only "imported" accounts of their analytics. The check itself
// happens in the browser; only a save sends the file, which the server imports again.

/** Reads the multipart form of a save: one `file` part. */
async function readStatementForm(request: FastifyRequest) {
  assertMultipart(request)
  let file: { fileName: string; bytes: Uint8Array } | undefined
  try {
    const parts = request.parts({ limits: { fileSize: STATEMENT_UPLOAD_MAX_BYTES, files: 1 } })
    for await (const part of parts) {
      if (part.type !== 'file') continue
      const bytes = await part.toBuffer()
      if (part.fieldname === 'file' && !file) file = { fileName: part.filename, bytes }
    }
  } catch (error) {
    throw multipartError(error, statementImportMessages.tooLarge)
  }
  if (!file || file.bytes.length === 0) {
    const message = file
      ? statementImportMessages.unreadable.empty
      : statementImportMessages.fileRequired
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path: 'file', message }] })
  }
  return file
}

export function statementImportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['statement-imports']
    // before body validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))

    app.post(
      '/statement-imports',
      {
        schema: {
          tags,
          summary: 'Save a statement as a read-only imported account (multipart: file)',
          description:
            'The file (an MT4 Detailed Statement or MT5 Trade History Report) is imported again ' +
            'on the server by the importer of `engine report`; its summary and trades are kept.',
          security: bearerAuth,
          consumes: ['multipart/form-data'],
          body: statementImportFormSchema,
          response: {
            200: saveStatementImportResponseSchema,
            ...errorResponses(400, 401, 413, 415, 422),
          },
        },
        // the body is a stream read by readStatementForm, not a parsed value to validate here
        validatorCompiler: () => (value) => ({ value }),
      },
      async (request) => {
        const caller = callerOf(request)
        const file = await readStatementForm(request)
        return { data: await saveStatementImport(ctx, caller, file) }
      },
    )

    app.get(
      '/statement-imports',
      {
        schema: {
          tags,
          summary: "The caller's saved imports (imported accounts), newest first",
          security: bearerAuth,
          response: { 200: listStatementImportsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await listStatementImports(ctx, callerOf(request)) }),
    )

    app.get(
      '/statement-imports/:importId',
      {
        schema: {
          tags,
          summary: "A saved import's summary and closed trades (owner or admin)",
          security: bearerAuth,
          params: statementImportParamsSchema,
          response: { 200: statementImportReportResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => ({
        data: await getStatementImport(ctx, callerOf(request), request.params.importId),
      }),
    )

    app.get(
      '/statement-imports/:importId/metrics',
      {
        schema: {
          tags,
          summary:
            "A saved import's analytics and rule what-if at an account size (owner or admin)",
          security: bearerAuth,
          params: statementImportParamsSchema,
          querystring: statementImportMetricsQuerySchema,
          response: { 200: statementImportMetricsResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => ({
        data: await getStatementImportMetrics(
          ctx,
          callerOf(request),
          request.params.importId,
          request.query.sizeK,
        ),
      }),
    )

    app.delete(
      '/statement-imports/:importId',
      {
        schema: {
          tags,
          summary: 'Delete one of your saved imports',
          security: bearerAuth,
          params: statementImportParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        await deleteStatementImport(ctx, callerOf(request), request.params.importId)
        return reply.status(204).send(null)
      },
    )
  }
}
