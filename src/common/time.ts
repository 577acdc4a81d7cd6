/** Milliseconds in a day: the budget's windows and the call log's days are whole days. */
export const DAY_MS = 24 * 60 * 60 * 1000;
