import { checkoutMessages, messages, type ErrorBody, type ErrorCode } from '@tp/api'
import { payoutMessages } from '@tp/api/payouts'

// One error type for everything the API refuses on purpose. The code decides the HTTP status
// (one table, below); the message is safe to show to a user; internals go to the log only.

export const errorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  RESET_TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  GOOGLE_AUTH_FAILED: 401,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  READ_ONLY_ROLE: 403,
  EMAIL_MISMATCH: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  BILLING_LOCKED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  CURRENT_PASSWORD_WRONG: 422,
  IMAGE_INVALID: 422,
  RATE_LIMITED: 429,
  TRADING_REJECTED: 422,
  ACCOUNT_NOT_TRADABLE: 409,
  ORDER_NOT_PAYABLE: 409,
  ORDER_NOT_REFUNDABLE: 409,
  PAYMENT_DECLINED: 422,
  PAYMENT_FAILED: 502,
  PAYMENT_UNAVAILABLE: 503,
  WEBHOOK_REJECTED: 400,
  PAYOUT_CONFLICT: 409,
  PAYOUT_NOT_ELIGIBLE: 422,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
}

const defaultMessage: Record<ErrorCode, string> = {
  BAD_REQUEST: messages.http[400],
  MALFORMED_JSON: messages.http.malformedJson,
  RESET_TOKEN_INVALID: messages.auth.resetTokenInvalid,
  UNAUTHENTICATED: messages.auth.loginFirst,
  TOKEN_EXPIRED: messages.auth.sessionExpired,
  INVALID_CREDENTIALS: messages.auth.invalidCredentials,
  INVALID_REFRESH_TOKEN: messages.auth.sessionExpired,
  GOOGLE_AUTH_FAILED: messages.auth.googleFailed,
  FORBIDDEN: messages.http[403],
  ADMIN_ONLY: messages.auth.adminOnly,
  READ_ONLY_ROLE: messages.auth.readOnlyRole,
  EMAIL_MISMATCH: messages.auth.emailMismatch,
  ACCOUNT_DISABLED: messages.auth.accountDisabled,
  NOT_FOUND: messages.http[404],
  EMAIL_TAKEN: messages.auth.registerExists,
  USERNAME_TAKEN: messages.profile.userNameTaken,
  BILLING_LOCKED: messages.profile.billingLocked,
  PAYLOAD_TOO_LARGE: messages.http.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: messages.http.unsupportedMediaType,
  VALIDATION_FAILED: messages.validation.invalidRequest,
  CURRENT_PASSWORD_WRONG: messages.profile.currentPasswordWrong,
  IMAGE_INVALID: messages.validation.imageOnly,
  RATE_LIMITED: messages.auth.tooManyAttempts,
  TRADING_REJECTED: messages.validation.invalidRequest,
  ACCOUNT_NOT_TRADABLE: messages.trading.accountNotTradable,
  ORDER_NOT_PAYABLE: checkoutMessages.orderNotPayable,
  ORDER_NOT_REFUNDABLE: messages.orders.notRefundable,
  PAYMENT_DECLINED: checkoutMessages.paypalCaptureFailed,
  PAYMENT_FAILED: checkoutMessages.paypalCaptureFailed,
  PAYMENT_UNAVAILABLE: checkoutMessages.paymentUnavailable,
  WEBHOOK_REJECTED: 'The notification could not be verified.',
  PAYOUT_CONFLICT: payoutMessages.openRequest,
  PAYOUT_NOT_ELIGIBLE: payoutMessages.notEligible,
  INTERNAL: messages.http[500],
  SERVICE_UNAVAILABLE: messages.http.unavailable,
}

export type ErrorDetail = { path: string; message: string }

export class AppError extends Error {
  readonly status: number
  readonly details: ErrorDetail[] | undefined
  /** Seconds until a refused (429) request may be retried. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string
      details?: ErrorDetail[]
      retryAfterSeconds?: number
      cause?: unknown
    } = {},
  ) {
    super(options.message ?? defaultMessage[code], { cause: options.cause })
    this.name = 'AppError'
    this.status = errorStatus[code]
    this.details = options.details
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    }
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
