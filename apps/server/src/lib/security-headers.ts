import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

// Security headers on every answer (helmet), and a Content-Security-Policy on the web app's
// HTML pages. The policy allows exactly the origins the app needs: itself and the Google
// Identity Services script (the real one in production, the local fake otherwise).

const GOOGLE_ORIGINS = ['https://accounts.google.com', 'https://*.googleusercontent.com']
// PayPal's buttons: its SDK script, the checkout frames and their assets
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com']

export function contentSecurityPolicy(options: {
  googleScriptUrl: string
  paypalSdkUrl?: string
  isProduction: boolean
}): string {
  const google = new URL(options.googleScriptUrl).origin
  const googleOrigins = [...new Set([google, ...(options.isProduction ? GOOGLE_ORIGINS : [])])]
  const paypal = options.paypalSdkUrl ? new URL(options.paypalSdkUrl).origin : null
  const paypalOrigins = [
    ...new Set([
      ...(paypal ? [paypal] : []),
      ...(paypal?.endsWith('paypal.com') ? PAYPAL_ORIGINS : []),
    ]),
  ]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...googleOrigins, ...paypalOrigins],
    'connect-src': ["'self'", ...googleOrigins, ...paypalOrigins],
    'frame-src': ["'self'", ...googleOrigins, ...paypalOrigins],
    // component libraries inject <style> elements at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    // avatars: uploads, Google profile photos, object storage
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...googleOrigins, ...paypalOrigins],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  if (options.isProduction) directives['upgrade-insecure-requests'] = []
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { googleScriptUrl: string; paypalSdkUrl?: string; isProduction: boolean },
) {
  await app.register(helmet, {
    // set below on HTML only: the API answers JSON, and the API docs page brings its own
    contentSecurityPolicy: false,
    // Google's sign-in opens a popup that must be able to report back
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // reset links carry their token in the URL: never send it to another site
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  })
  const policy = contentSecurityPolicy(options)
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html') && !request.url.startsWith('/api/docs')) {
      reply.header('Content-Security-Policy', policy)
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store')
    }
    return payload
  })
}
