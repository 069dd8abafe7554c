/** The name search asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300
