// The kernel: seeded Random, slugify, action ids and canonical JSON, event redaction, the game registry.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { actionId, canonicalJson, GameRegistry, Random, redactEvent, slugify } from '../../src/kernel/index.ts'
import { raceGame } from '../support/test-game.ts'

describe('Random (seeded, serialisable)', () => {
  it('the same seed gives the same sequence, and a state restored from JSON continues it exactly', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 50 }), (seed, skip) => {
        const a = Random.fromSeed(seed)
        const b = Random.fromSeed(seed)
        for (let i = 0; i < skip; i++) expect(a.die(20)).toBe(b.die(20))
        const restored = Random.fromState(JSON.parse(JSON.stringify(a.state())))
        const next = Array.from({ length: 10 }, () => a.int(1, 1000))
        expect(Array.from({ length: 10 }, () => restored.int(1, 1000))).toEqual(next)
      }),
    )
  })

  it('different seeds give different sequences, and die() stays within its faces', () => {
    const a = Array.from({ length: 20 }, (_, i) => Random.fromSeed('a').shuffle([...Array(20).keys()])[i])
    const b = Array.from({ length: 20 }, (_, i) => Random.fromSeed('b').shuffle([...Array(20).keys()])[i])
    expect(a).not.toEqual(b)
    const r = Random.fromSeed('faces')
    const seen = new Set(Array.from({ length: 600 }, () => r.die(6)))
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('shuffle is a permutation and leaves its input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7]
    const out = Random.fromSeed('p').shuffle(input)
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect([...out].sort()).toEqual(input)
  })
})

describe('slugify (card ids)', () => {
  it.each([
    ['Goro Takemura: Hands Unclean', 'goro-takemura-hands-unclean'],
    ["Afterparty at Lizzie's", 'afterparty-at-lizzies'],
    ['Mjölnir', 'mjolnir'],
    ['  Árvore — da Vida!! ', 'arvore-da-vida'],
  ])('%s → %s', (name, id) => expect(slugify(name)).toBe(id))
})

describe('action ids', () => {
  it('do not depend on key order and differ between different actions', () => {
    expect(actionId({ type: 'play', card: 3, to: 'x' })).toBe(actionId({ to: 'x', card: 3, type: 'play' }))
    expect(actionId({ type: 'play', card: 3 })).not.toBe(actionId({ type: 'play', card: 4 }))
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}')
  })

  it('canonical JSON parses back to the value, ignores key order, and is what sorting entries by key and joining them gives', () => {
    // The plain definition, from which the ids of earlier versions were computed.
    const reference = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(reference).join(',')}]`
        : v !== null && typeof v === 'object'
          ? `{${Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, x]) => `${JSON.stringify(k)}:${reference(x)}`)
              .join(',')}}`
          : JSON.stringify(v)
    const reversed = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reversed)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reversed(x)]),
            )
          : v
    fc.assert(
      fc.property(fc.jsonValue(), v => {
        const text = canonicalJson(v)
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)))
        expect(canonicalJson(reversed(v))).toBe(text)
        expect(text).toBe(reference(v))
      }),
      { numRuns: 500 },
    )
  })
})

describe('event redaction', () => {
  const e = { type: 'drew', seat: 1, visibleTo: [1], secret: { card: 'x' } }
  it('keeps secrets for the seats they are for, and drops them for others and spectators', () => {
    expect(redactEvent(e, 1)).toEqual({ type: 'drew', seat: 1, secret: { card: 'x' } })
    expect(redactEvent(e, 0)).toEqual({ type: 'drew', seat: 1 })
    expect(redactEvent(e, null)).toEqual({ type: 'drew', seat: 1 })
    expect(redactEvent({ type: 'rolled', value: 4 }, null)).toEqual({ type: 'rolled', value: 4 })
  })
})

describe('registry', () => {
  it('refuses a game id twice and finds registered games', () => {
    const r = new GameRegistry([raceGame])
    expect(r.get('race-to-20')).toBe(raceGame)
    expect(r.get('nope')).toBeUndefined()
    expect(() => r.register(raceGame)).toThrow(/twice/)
  })

  it('the production registry does not ship the test game', async () => {
    const { productionGames } = await import('../../src/games/index.ts')
    expect(productionGames.map(g => g.id)).not.toContain('race-to-20')
  })
})
