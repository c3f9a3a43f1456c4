// Nearest names by edit distance, for "did you mean" suggestions on an unknown card.

/** Levenshtein distance: insertions, deletions and substitutions, each costing 1. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)))
    prev = row
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
 * The `n` names nearest to `ref`, nearest first (ties in the given order). A name is also measured by its
 * part before a colon, so a name without its subtitle still finds the card.
 */
export function nearestNames(ref: string, names: readonly string[], n = 3): string[] {
  const r = normal(ref)
  return names
    .map((name, i) => {
      const full = normal(name)
      const head = normal(name.split(':')[0]!)
      return { name, i, d: Math.min(editDistance(r, full), editDistance(r, head)) }
    })
    .sort((x, y) => x.d - y.d || x.i - y.i)
    .slice(0, n)
    .map((x) => x.name)
}
