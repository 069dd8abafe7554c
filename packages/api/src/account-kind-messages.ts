// How the analytics page names an account that is not a challenge account: a saved statement
// import (statementImportMessages) or a linked TradeLocker account (tradeLockerMessages). Apart
// from those so that the page does not load every message of the import and of TradeLocker.

export const importedAccountMessages = {
  importedKind: 'imported',
  importedReadOnly: 'Imported statement: read-only, never tradable.',
} as const

export const linkedAccountMessages = {
  linkedReadOnly:
    'A linked TradeLocker account: its order history, imported read-only. It is not traded or evaluated here.',
  linkedKind: 'TradeLocker',
} as const
