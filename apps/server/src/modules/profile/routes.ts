import {
  avatarUploadFormSchema,
  billingProfileInputSchema,
  billingPutResponseSchema,
  emailSchema,
  messages,
  profileGetResponseSchema,
  profileGetSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  uploadImageResponseSchema,
} from '@tp/api'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { authenticate, callerOf } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { assertMultipart, multipartError } from '../../lib/multipart'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { getProfile } from './get-profile'
import { putBillingProfile } from './put-billing-profile'
import { updateProfile } from './update-profile'
import { uploadAvatar } from './upload-avatar'

/** Reads the multipart form of upload-image: one `image` file and an optional `email`. */
async function readAvatarForm(request: FastifyRequest) {
  assertMultipart(request)
  let image: Buffer | undefined
  let email: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer()
        if (part.fieldname === 'image' && !image) image = content
      } else if (part.fieldname === 'email' && typeof part.value === 'string' && part.value) {
        email = part.value
      }
    }
  } catch (error) {
    throw multipartError(error, messages.validation.imageTooLarge)
  }
  if (!image || image.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: messages.validation.imageOnly,
      details: [{ path: 'image', message: messages.validation.required }],
    })
  }
  const parsedEmail = email === undefined ? undefined : emailSchema.safeParse(email)
  if (parsedEmail && !parsedEmail.success) {
    const message = parsedEmail.error.issues[0]?.message ?? messages.validation.emailInvalid
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path: 'email', message }] })
  }
  return { image, email: parsedEmail?.data }
}

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['profile']
    app.addHook('preHandler', authenticate(ctx))

    app.post(
      '/profile/get',
      {
        schema: {
          tags,
          summary: 'The profile, user and billing profile (own, or any user for an admin)',
          security: bearerAuth,
          // the body may be absent: identity comes from the token
          body: profileGetSchema.nullish(),
          response: { 200: profileGetResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        data: await getProfile(ctx, callerOf(request), request.body?.email),
      }),
    )

    app.post(
      '/profile/update',
      {
        schema: {
          tags,
          summary: 'Save the public profile and optionally change the password',
          security: bearerAuth,
          body: profileUpdateSchema,
          response: {
            200: profileUpdateResponseSchema,
            ...errorResponses(401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => ({ data: await updateProfile(ctx, callerOf(request), request.body) }),
    )

    app.post(
      '/profile/upload-image',
      {
        schema: {
          tags,
          summary: 'Upload an avatar (multipart: image, email?); any image up to 5 MB',
          description:
            'The image is judged by its content, re-encoded as a 256x256 WebP and stored.',
          security: bearerAuth,
          consumes: ['multipart/form-data'],
          // documents the form; readAvatarForm reads and checks the stream (see below)
          body: avatarUploadFormSchema,
          response: {
            200: uploadImageResponseSchema,
            ...errorResponses(401, 403, 404, 413, 415, 422),
          },
        },
        // the body is a stream read by readAvatarForm, not a parsed value to validate here
        validatorCompiler: () => (value) => ({ value }),
      },
      async (request) => {
        const caller = callerOf(request)
        const form = await readAvatarForm(request)
        return { data: await uploadAvatar(ctx, caller, form) }
      },
    )

    app.post(
      '/profile/put',
      {
        schema: {
          tags,
          summary: 'Save the billing profile (locked once saved, except for admins)',
          security: bearerAuth,
          body: billingProfileInputSchema,
          response: { 200: billingPutResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => ({
        data: await putBillingProfile(ctx, callerOf(request), request.body),
      }),
    )
  }
}
