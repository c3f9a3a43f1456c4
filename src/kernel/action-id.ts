// Action ids: the canonical JSON of an action, its digest, and equality by it.
import { hash } from 'node:crypto'

/**
 * JSON with object keys sorted, so equal actions serialise equally whatever their key order. Built by hand,
 * without the entry arrays of `Object.entries`: every listed action's id is computed from it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      // As JSON.stringify would not: an element with no JSON (undefined) leaves its place empty.
      const item = canonicalJson(value[i]) as string | undefined
      if (item !== undefined) out += item
    }
    return `${out}]`
  }
  const obj = value as Record<string, unknown>
  // sort() without a comparator orders by UTF-16 code units, as comparing strings with < does.
  const keys = Object.keys(obj).sort()
  let out = '{'
  for (const k of keys) {
    const v = obj[k]
    if (v === undefined) continue
    if (out.length > 1) out += ','
    out += `${JSON.stringify(k)}:${canonicalJson(v)}`
  }
  return `${out}}`
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
