import {
  credentialsSchema,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  meResponseSchema,
  messages,
  refreshedSchema,
  refreshSchema,
  resetPasswordResponseSchema,
  resetPasswordSchema,
  sessionSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { authenticate, callerOf, optionalCaller } from '../access/authenticate'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { getCurrentUser } from './get-current-user'
import { loginUser } from './login-user'
import { loginWithGoogle } from './login-with-google'
import { logoutSession } from './logout-session'
import { refreshSession } from './refresh-session'
import { registerUser } from './register-user'
import { requestPasswordReset } from './request-password-reset'
import { resetPassword } from './reset-password'

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth']

    app.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary: 'Create an account with email and password, and sign in',
          body: credentialsSchema,
          response: { 201: sessionSchema, ...errorResponses(409, 422, 429) },
        },
        config: { validationMessage: messages.auth.registerInvalid },
      },
      async (request, reply) => {
        reply.code(201)
        return registerUser(ctx, request.body, request.ip)
      },
    )

    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in with email and password',
          body: loginSchema,
          response: { 200: sessionSchema, ...errorResponses(401, 403, 422, 429) },
        },
      },
      async (request) => loginUser(ctx, request.body, request.ip),
    )

    app.post(
      '/auth/google',
      {
        schema: {
          tags,
          summary: 'Sign in with a Google access token (created or linked by Google account)',
          body: googleLoginSchema,
          response: { 200: sessionSchema, ...errorResponses(401, 403, 422, 429, 503) },
        },
      },
      async (request) => loginWithGoogle(ctx, request.body.access_token, request.ip),
    )

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags,
          summary: 'Exchange a refresh token for a new pair (the old one is spent)',
          body: refreshSchema,
          response: { 200: refreshedSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => refreshSession(ctx, request.body.refreshToken),
    )

    app.post(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'End the session of a refresh token',
          body: refreshSchema,
          response: { 204: z.undefined(), ...errorResponses(422) },
        },
      },
      async (request, reply) => {
        const caller = await optionalCaller(ctx, request)
        await logoutSession(ctx, {
          refreshToken: request.body.refreshToken,
          sessionId: caller?.sessionId,
        })
        return reply.code(204).send()
      },
    )

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags,
          summary: 'Email a password reset link (same answer whether the account exists)',
          body: forgotPasswordSchema,
          response: { 200: forgotPasswordResponseSchema, ...errorResponses(422, 429) },
        },
      },
      async (request) => {
        await requestPasswordReset(ctx, request.body.email, request.ip)
        return { data: messages.auth.forgotPasswordSent }
      },
    )

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset token (single use, valid 1 hour)',
          body: resetPasswordSchema,
          response: { 200: resetPasswordResponseSchema, ...errorResponses(400, 422, 429) },
        },
      },
      async (request) => {
        await resetPassword(ctx, request.body, request.ip)
        return { message: messages.auth.resetSuccess }
      },
    )

    app.get(
      '/auth/me',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          security: bearerAuth,
          response: { 200: meResponseSchema, ...errorResponses(401, 403) },
        },
        preHandler: authenticate(ctx),
      },
      async (request) => ({ user: await getCurrentUser(ctx, callerOf(request)) }),
    )
  }
}
