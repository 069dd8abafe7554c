import {
  certificateHashParamsSchema,
  certificateListResponseSchema,
  certificateVerificationSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import type { CertificateFileType } from './certificate-files'
import { getCertificateFile } from './get-certificate-file'
import { listCertificates } from './list-certificates'
import { verifyCertificate } from './verify-certificate'

// Certificates (issue 13 items 2-3; spec 7 service/get-certificates, 2.14): the caller's list
// (signed in), and the public verification and files of any certificate by its hash. A file's
// bytes never change under its hash: served immutable for a year.

const IMMUTABLE = 'public, max-age=31536000, immutable'

export function certificateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['certificates']

    app.get(
      '/service/get-certificates',
      {
        onRequest: authenticate(ctx),
        schema: {
          tags,
          summary: "The caller's certificates, newest first (spec 7)",
          security: bearerAuth,
          response: { 200: certificateListResponseSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'private, no-store')
        return listCertificates(ctx, callerOf(request))
      },
    )

    app.get(
      '/certificates/:hash',
      {
        schema: {
          tags,
          summary: "A certificate's public details when its hash matches its data; else 404",
          params: certificateHashParamsSchema,
          response: { 200: certificateVerificationSchema, ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'public, max-age=300')
        return verifyCertificate(ctx, request.params.hash)
      },
    )

    const file = (type: CertificateFileType) =>
      app.get(
        `/certificates/:hash/certificate.${type}`,
        {
          schema: {
            tags,
            summary: `A genuine certificate's ${type.toUpperCase()} (immutable)`,
            params: certificateHashParamsSchema,
            response: { 200: z.any(), ...errorResponses(404) },
          },
        },
        async (request, reply) => {
          const { hash } = request.params
          const found = await getCertificateFile(ctx, hash, type)
          return reply
            .header('Cache-Control', IMMUTABLE)
            .header('ETag', `"${hash}.${type}"`)
            .header('X-Content-Type-Options', 'nosniff')
            .header(
              'Content-Disposition',
              `${type === 'pdf' ? 'attachment' : 'inline'}; filename="tradepeak-certificate-${hash.slice(0, 12)}.${type}"`,
            )
            .type(found.contentType)
            .send(found.body)
        },
      )
    file('png')
    file('pdf')
  }
}
