/** Spec 4: the dashboard's data reloads 300 ms after the shown account last changed. */
export const ACCOUNT_SWITCH_DEBOUNCE_MS = 300
