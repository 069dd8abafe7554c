export * from './eligibility'
export * from './amount'
export * from './late-bonus'
export * from './rebase'
