import { hash } from 'node:crypto'

/** JSON with object keys sorted, so equal actions serialise equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * A legal action's id: a digest of its canonical JSON. It depends only on the action, so it is stable for
 * a match version (and across versions while the same action stays legal), and a bot may submit it.
 */
export function actionId(action: unknown): string {
  return hash('sha256', canonicalJson(action), 'base64url').slice(0, 16)
}

export function sameAction(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b)
}
