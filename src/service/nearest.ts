// Nearest names by edit distance, for "did you mean" suggestions on an unknown card.

/** Levenshtein distance: insertions, deletions and substitutions, each costing 1. */
export function editDistance(a: string, b: string): number {
  let prev = new Int32Array(b.length + 1).map((_, j) => j)
  let row = new Int32Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    row[0] = i
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
      )
    ;[prev, row] = [row, prev]
  }
  return prev[b.length]!
}

// Case, accents and punctuation are not what a typo is about: "jackie welles" should find "Jackie Welles: …".
const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/**
 * A game's printed names, normalized once. A name is also measured by its part before a colon, so a name without its
 * subtitle still finds the card.
 */
export class NameIndex {
  private readonly keys: { name: string; full: string; head: string }[]

  constructor(names: readonly string[]) {
    this.keys = [...new Set(names)].map(name => ({ name, full: normal(name), head: normal(name.split(':')[0]!) }))
  }

  /** The `n` names nearest to `ref`, nearest first (ties in the catalogue's order). */
  nearest(ref: string, n = 3): string[] {
    const r = normal(ref)
    // The length difference is a lower bound of the distance: names are tried from the closest length on, and
    // once that bound exceeds the n-th best distance found, no later name can enter.
    const bound = (k: { full: string; head: string }) =>
      Math.min(Math.abs(r.length - k.full.length), Math.abs(r.length - k.head.length))
    const order = this.keys.map((k, i) => ({ k, i, b: bound(k) })).sort((x, y) => x.b - y.b)
    const top: { name: string; i: number; d: number }[] = []
    for (const { k, i, b } of order) {
      if (top.length === n && b > top[n - 1]!.d) break
      const d = Math.min(editDistance(r, k.full), k.head === k.full ? Infinity : editDistance(r, k.head))
      const at = top.findIndex(t => t.d > d || (t.d === d && t.i > i))
      if (at < 0 && top.length === n) continue
      top.splice(at < 0 ? top.length : at, 0, { name: k.name, i, d })
      top.length = Math.min(top.length, n)
    }
    return top.map(t => t.name)
  }
}
