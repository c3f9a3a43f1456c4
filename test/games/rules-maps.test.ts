// The three rules maps (docs/rules/*.md) checked against the catalogue's rule IDs, the engines and their tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LAYOUT, mapProblems, ruleIds } from '../support/rules-map.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

// The catalogues (English restatements of the seeds, with rule IDs) are not in the repository at CI time, so their IDs
// are kept here: rules per section, and the points each catalogue lists as referenced but undefined (REF) or not
// covered (GAP).
const open = (prefix: string, refs: number, gaps: number) => [
  ...Array.from({ length: refs }, (_, i) => `${prefix}-REF-${i + 1}`),
  ...Array.from({ length: gaps }, (_, i) => `${prefix}-GAP-${i + 1}`),
]
const MAPS = [
  {
    game: 'cyberpunk-tcg',
    ids: ruleIds('CP', { 1: 10, 2: 10, 3: 7, 4: 15, 5: 19, 6: 12, 7: 37, 8: 42, 9: 51, 10: 37, 11: 21, 12: 23 }),
    openPoints: open('CP', 22, 11),
  },
  {
    game: 'dice-throne-marvel',
    ids: ruleIds('DT', {
      1: 5,
      2: 11,
      3: 6,
      4: 14,
      5: 7,
      6: 13,
      7: 4,
      8: 14,
      9: 6,
      10: 6,
      11: 4,
      12: 9,
      13: 30,
      14: 4,
      15: 6,
    }),
    openPoints: open('DT', 10, 12),
  },
  {
    game: 'cyber-net-cards',
    ids: ruleIds('CN', { 1: 12, 2: 4, 3: 8, 4: 7, 5: 12, 6: 19, 7: 3, 8: 7, 9: 5 }),
    openPoints: open('CN', 9, 11),
  },
]

describe('rules maps', () => {
  for (const { game, ids, openPoints } of MAPS) {
    it(`docs/rules/${game}.md: every catalogue rule once, in our words with its source line; every named function and test exists`, () => {
      const problems = mapProblems({
        doc: `${root}docs/rules/${game}.md`,
        ids,
        openPoints,
        engineDir: `${root}src/games/${game}`,
        testDir: `${root}test/games/${game}`,
        root,
      })
      expect(problems).toEqual([])
    })
  }
})

describe('the rules-map check', () => {
  it('reports a missing or repeated rule, cut or missing words, a bad source line, a missing function or test, an uncited decision', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-map-'))
    mkdirSync(join(dir, 'engine'))
    mkdirSync(join(dir, 'tests'))
    writeFileSync(join(dir, 'engine', 'turn.ts'), 'export function nextTurn() {}\n')
    writeFileSync(join(dir, 'tests', 'turn.test.ts'), "it('XX-1.1 turns alternate', () => {})\n")
    const row = (rule: string, words: string, source: string, where: string, test: string) =>
      `| ${rule} | ${words} | ${source} | done | ${where} | ${test} |`
    const good = row(
      'XX-1.1',
      'Players take turns.',
      '[003] L 32',
      '`turn.ts` `nextTurn`',
      '`turn.test.ts` "XX-1.1 turns …"',
    )
    const doc = (rows: string[], decisions = ['1. **Turns.** Seats alternate. *Source:* [003] L 32.']) =>
      ['# map', '', LAYOUT, '|---|---|---|---|---|---|', ...rows, '', '## Decisions', '', ...decisions, ''].join('\n')
    const check = (markdown: string) => {
      writeFileSync(join(dir, 'map.md'), markdown)
      return mapProblems({
        doc: join(dir, 'map.md'),
        ids: ['XX-1.1', 'XX-1.2'],
        openPoints: ['XX-GAP-1'],
        engineDir: join(dir, 'engine'),
        testDir: join(dir, 'tests'),
        root: dir,
      })
    }
    const sound = doc([
      good,
      row(
        'XX-1.2',
        'A second rule (XX-GAP-1).',
        '[003] L 33',
        '`turn.ts` `nextTurn`',
        '`turn.test.ts` "XX-1.1 turns alternate"',
      ),
    ])
    expect(check(sound)).toEqual([])
    expect(check(doc([good, good]))).toEqual([
      expect.stringMatching(/^rule rows: missing XX-1.2; twice XX-1.1/),
      'XX-GAP-1: not named anywhere in the map',
    ])
    const broken = doc(
      [
        good,
        row(
          'XX-1.2',
          'Players take t… (XX-GAP-1)',
          '[003] L 99',
          '`turn.ts` `previousTurn`; `gone.ts` `x`',
          '`turn.test.ts` "XX-1.2 no such test"',
        ),
      ],
      ['1. **Turns.** Seats alternate.'],
    )
    expect(check(broken)).toEqual([
      'decision without a source line: 1. **Turns.** Seats alternate.',
      'XX-1.2: no words of our own, or cut short',
      'XX-1.2: [003] L 99 is not a line of [003]',
      'XX-1.2: `previousTurn` is not in turn.ts',
      'XX-1.2: no file gone.ts',
      'XX-1.2: no test "XX-1.2 no such test" in turn.test.ts',
    ])
  })
})
