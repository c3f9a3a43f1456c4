/**
 * The deepest JSON the API takes in an argument (an action, a deck, options): deeper is BAD_USER_INPUT, before anything
 * walks it.
 */
import { ApiError } from './api-error.ts'

/** Objects and arrays nested in one another; no real action, deck or option comes near it. */
export const MAX_JSON_DEPTH = 64

/** Whether `value` nests objects or arrays deeper than `max` (walked without recursion, so any depth is safe). */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth > max) return true
    for (const child of Object.values(v)) stack.push([child, depth + 1])
  }
  return false
}

/** Throws BAD_USER_INPUT (400 on every transport) for JSON nested deeper than MAX_JSON_DEPTH. */
export function refuseDeepJson(value: unknown, what: string): void {
  if (jsonTooDeep(value)) {
    throw new ApiError(
      'BAD_USER_INPUT',
      `${what} nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels, the most the server accepts`,
    )
  }
}
