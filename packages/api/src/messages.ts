import { orderMessages } from '@tp/domain'
import { authMessages, httpMessages } from './auth-messages'

// Every user-facing message of the product, in one place (spec section 8 and 5, decisions.md).
// The server answers with these texts and the web app shows them; neither re-types them.

export const messages = {
  auth: authMessages,
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
  http: httpMessages,
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
