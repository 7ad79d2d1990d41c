// The one check that a value read from outside the page's own code (its storage, a saved game,
// a friend's channel) is a JSON object before its fields are read.

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
