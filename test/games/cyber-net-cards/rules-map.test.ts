import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = fileURLToPath(new URL('.', import.meta.url))
const doc = readFileSync(fileURLToPath(new URL('../../../docs/rules/cyber-net-cards.md', import.meta.url)), 'utf8')

const SECTIONS: Record<number, number> = { 1: 12, 2: 4, 3: 8, 4: 7, 5: 12, 6: 19, 7: 3, 8: 7, 9: 5 }
const ALL = Object.entries(SECTIONS).flatMap(([s, n]) => Array.from({ length: n }, (_, i) => `CN-${s}.${i + 1}`))

describe('rules map docs/rules/cyber-net-cards.md', () => {
  it('lists every catalogue rule once, and every listed rule is cited by a test name', () => {
    const rows = [...doc.matchAll(/^\| (CN-\d+\.\d+) \|/gm)].map((m) => m[1])
    expect(rows).toEqual(ALL)
    const names = readdirSync(here)
      .filter((f) => f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(`${here}/${f}`, 'utf8').matchAll(/\bit\((['`])(.*?)\1/g)].map((m) => m[2]!))
    const cited = new Set(names.flatMap((n) => n.match(/CN-\d+\.\d+/g) ?? []))
    expect(ALL.filter((id) => !cited.has(id))).toEqual([])
  })
})
