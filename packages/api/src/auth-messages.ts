// The messages every signed-in page may show before its own code loads: a session ending, a
// refused or failed request. Apart from messages.ts (which holds them as messages.auth and
// messages.http) so that the web app's shell does not load every message of the product.

export const authMessages = {
  loginSuccess: 'Successfully Joined!',
  registerSuccess: 'Successfully registered! login please',
  registerInvalid: 'Failed! Invalid email or password',
  registerExists: 'Failed! You have already have an account',
  registerThrown: 'Internal server error!',
  invalidCredentials: 'Invalid email or password. Please try again.',
  googleError: 'Error during authentication!',
  googleFailed: 'Google login failed!',
  loginFirst: 'Please login first.',
  loginFirstToTrade: 'Please login first to start trade.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forgotPasswordSent:
    'If an account exists for that email, a password reset link is on its way. It is valid for 1 hour.',
  resetSuccess: 'Your password has been reset. Please sign in with your new password.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  invalidToken: 'Invalid token',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  emailMismatch: 'You can only act on your own account.',
  adminOnly: "You don't have permission to access this resources.",
  /** a support user (read-only admin area, decision 0036) asked to change something */
  readOnlyRole:
    'Your support role can see the admin area but not change anything. Ask an admin to do this.',
  accountDisabled: 'This account is disabled. Please contact support.',
  adminMayNotTrade:
    "Only the account's owner can trade it. An admin may close every position or disable trading, with a reason.",
  googleUnavailable: 'Google sign-in is not available right now.',
} as const

export const httpMessages = {
  400: 'Invalid request. Please check your input',
  401: 'Invalid email or password. Please try again.',
  403: "You don't have permission to access this resources.",
  404: 'The requested resource was not found.',
  500: 'Server error. Please try again later.',
  other: 'An unexpected error occurred. Please try again.',
  noResponse: 'No response from the server. Please check your network connection.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported here.',
  malformedMultipart:
    'The form data could not be read: it has no boundary or ends before its closing boundary.',
  jsonOnly: 'This endpoint takes a JSON body (Content-Type: application/json), not form data.',
  multipartOnly: 'Send the image as multipart/form-data (fields: image, email).',
  unavailable: 'The service is not ready yet. Please try again in a moment.',
  badUrl: 'The address is not valid: it has a malformed percent-escape (%).',
  urlPartTooLong: 'A part of the address is too long.',
} as const
