// A chi-square test of homogeneity for two samples of categorical outcomes (the bots' choices).

/** The standard normal quantile for a one-sided 0.001, the level the leak tests use. */
const Z_999 = 3.0902

/** The chi-square quantile at 1 - 0.001 for `df` degrees of freedom (Wilson–Hilferty, within 1% for df ≥ 1). */
export function chiSquareCritical(df: number): number {
  const v = 2 / (9 * df)
  return df * (1 - v + Z_999 * Math.sqrt(v)) ** 3
}

export interface Homogeneity {
  statistic: number
  df: number
  critical: number
  /** True when the two samples plausibly come from one distribution (p > 0.001). */
  same: boolean
}

/**
 * Pearson's statistic over the categories both samples share; categories seen fewer than 10 times in all are
 * pooled into one, so no expected count is tiny.
 */
export function homogeneity(a: readonly string[], b: readonly string[]): Homogeneity {
  const count = (xs: readonly string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>())
  const ca = count(a)
  const cb = count(b)
  const cells = new Map<string, [number, number]>()
  for (const k of new Set([...ca.keys(), ...cb.keys()])) {
    const pair: [number, number] = [ca.get(k) ?? 0, cb.get(k) ?? 0]
    const key = pair[0] + pair[1] < 10 ? '(rare)' : k
    const cell = cells.get(key) ?? [0, 0]
    cells.set(key, [cell[0] + pair[0], cell[1] + pair[1]])
  }
  const n = a.length + b.length
  let statistic = 0
  for (const [x, y] of cells.values()) {
    const total = x + y
    const ea = (a.length * total) / n
    const eb = (b.length * total) / n
    statistic += (x - ea) ** 2 / ea + (y - eb) ** 2 / eb
  }
  const df = cells.size - 1
  if (df === 0) return { statistic: 0, df, critical: 0, same: true }
  const critical = chiSquareCritical(df)
  return { statistic, df, critical, same: statistic <= critical }
}
