import { orderMessages } from '@tp/domain'

// Every user-facing message of the product, in one place (spec section 8 and 5, decisions.md).
// The server answers with these texts and the web app shows them; neither re-types them.

export const messages = {
  auth: {
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
  },
  validation: {
    passwordTooShort: 'Password must be at least 8 characters long!',
    passwordMismatch: "Password doesn't match!",
    resetPasswordTooShort: 'Password must be at least 8 characters long',
    resetPasswordMismatch: 'Passwords do not match',
    profilePasswordMissing: 'Please fill the password if you want to change it!',
    profilePasswordMismatch: 'Please enter the same password!',
    profilePasswordTooShort: 'Password must be greater than 8 characters!',
    passwordBlank: 'A password cannot be only spaces or invisible characters.',
    passwordBreached:
      'This password is too common: it appears in lists of breached passwords. Choose another.',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    required: 'This field is required',
    imageOnly: 'Please choose an image file (JPEG, PNG, WebP or GIF).',
    imageTooLarge: 'The image must be 5 MB or smaller.',
    invalidRequest: 'Some fields are invalid. Please check your input.',
    nulCharacter: 'Text cannot contain a null character (\\u0000). Please remove it.',
  },
  profile: {
    updated: 'Updated Successfully!',
    failed: 'Something went wrong!',
    uploadFailed: 'Failed to upload image.',
    confirmTitle: 'Changes Confirmation',
    confirmText: 'Do you really change your profile information?',
    currentPasswordWrong: 'Your current password is not correct.',
    userNameTaken: 'That username is already taken.',
    billingSaved: 'Billing information saved.',
    billingFailed: 'Failed to save billing info',
    billingLocked: 'Your billing information is locked once saved. Contact support to change it.',
  },
  http: {
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
  },
  generic: {
    somethingWrong: 'Something wrong!',
  },
  service: {
    contactSent: 'Message sent successfully! We will get back to you soon.',
    contactFailed: 'Failed to send message. Please try again.',
    partnerApplied: 'You successfully applied!',
    newsletterCheckInbox:
      'Almost there: please confirm your subscription with the link we just emailed you.',
    newsletterConfirmed: 'Your subscription is confirmed. Thank you for subscribing!',
    newsletterUnsubscribed: 'You are unsubscribed: you will not receive our newsletter any more.',
    newsletterLinkInvalid: 'This link is invalid or incomplete. Please use the link in the email.',
    newsletterFailed: 'Failed to subscribe. Please try again.',
    formExpired: 'This form has expired. Please reload the page and try again.',
    formTooFast: 'Please take a moment to check the form, then send it again.',
    tooLong: (max: number) => `Please keep this under ${max} characters.`,
    urlInvalid: 'Please enter a valid link starting with https://',
    partnershipTypeRequired: 'Please choose a partnership type.',
    answerSent: 'Your answer was emailed to the sender.',
  },
  orders: {
    notRefundable: 'Only a paid order can be refunded.',
    alreadyRefunded: 'This order was refunded already.',
    refundWhileProvisioning:
      'The account of this order is being created. Refund it once that is finished (a minute at most).',
    cryptoRefundNoteRequired:
      'OxaPay cannot send coins back: send the refund from the wallet, then note its transaction here.',
    noCapture: 'PayPal holds no completed payment for this order.',
    /** why a coupon is not applied (summary) or refused (new order); written where prices are */
    coupon: orderMessages.coupon,
    couponUsedUpMeanwhile:
      "This order's coupon was used up by other orders in the meantime, so it cannot be paid at its price. Refund it instead.",
  },
  admin: {
    notYourself: 'You cannot disable, demote or change your own account here.',
    userDisabled: 'User disabled: their sessions ended and their accounts stopped trading.',
    userEnabled: 'User enabled again.',
    userUpdated: 'User saved.',
    ownerDisabled: 'Trading is off on this account: its owner has been disabled.',
  },
  trading: {
    ruleLabels: { dailyLoss: 'Daily Loss Limit', maxLoss: 'Max Drawdown' },
    accountNotFound: 'No such trading account.',
    accountNotTradable: 'This account is read-only: it can no longer trade.',
    accountProvisioning: 'This account is being set up. It will be ready in a few seconds.',
    breached: (ruleLabel: string) =>
      `Your account breached the ${ruleLabel}: positions were closed and trading is disabled.`,
    passed: 'Congratulations: you passed this phase. Your next account is being set up.',
    nextStageReady: (stageLabel: string) => `Your ${stageLabel} account is ready.`,
    suspended: 'This account was suspended after 30 days without a trade.',
    closedRefund: 'This account was closed: the order that bought it was refunded.',
    marginCall: (level: string) => `Margin call: your margin level is ${level}.`,
    stopOut: (count: number) =>
      `Stop out: ${count} position${count === 1 ? ' was' : 's were'} closed to restore your margin.`,
    orderFilled: (symbol: string) => `Your ${symbol} order was filled.`,
    orderCancelledNoMargin: (symbol: string) =>
      `Your ${symbol} order was cancelled: not enough free margin when it triggered.`,
    stopLossHit: (symbol: string) => `Stop loss hit: your ${symbol} position was closed.`,
    takeProfitHit: (symbol: string) => `Take profit hit: your ${symbol} position was closed.`,
    positionClosed: (symbol: string) => `Your ${symbol} position was closed.`,
    tradingDisabled: 'Trading was disabled on this account.',
    riskClosedAll: (count: number, reason: string) =>
      `The risk desk closed ${count} position${count === 1 ? '' : 's'} on this account: ${reason}`,
    riskDisabled: (reason: string) => `The risk desk disabled trading on this account: ${reason}`,
    riskEnabled: 'The risk desk enabled trading on this account again.',
    passwordChanged: 'The trading password was changed.',
  },
} as const

/** Toasts close after this many milliseconds (spec 8). */
export const TOAST_DURATION_MS = 3000
