/**
 * The machine-readable `code` of every error body (errors.ts). The server maps each to one HTTP
 * status (apps/server/src/lib/errors.ts); clients may branch on them.
 */
export const errorCodes = [
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'GOOGLE_AUTH_FAILED',
  'FORBIDDEN',
  'ADMIN_ONLY',
  'EMAIL_MISMATCH',
  'ACCOUNT_DISABLED',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'BILLING_LOCKED',
  'RESET_TOKEN_INVALID',
  'CURRENT_PASSWORD_WRONG',
  'IMAGE_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'TRADING_REJECTED',
  'ACCOUNT_NOT_TRADABLE',
  'ORDER_NOT_PAYABLE',
  'ORDER_NOT_REFUNDABLE',
  'PAYMENT_DECLINED',
  'PAYMENT_FAILED',
  'PAYMENT_UNAVAILABLE',
  'WEBHOOK_REJECTED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const
export type ErrorCode = (typeof errorCodes)[number]
