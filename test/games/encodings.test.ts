// The observation and action encodings of every engine (engine contract, wave 3): layouts, masks, indices and their
// inverse, hidden information.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { productionGames } from '../../src/games/index.ts'
import { Random, type AnyEngine, type EncodingLayout } from '../../src/kernel/index.ts'

/** Steps per random game: enough to reach every phase of each game, few enough to keep the file fast. */
const MAX_STEPS = 400

function expectCovering(layout: EncodingLayout): void {
  let offset = 0
  const names = new Set<string>()
  for (const s of layout.slices) {
    expect(s.offset, s.name).toBe(offset)
    expect(s.length, s.name).toBeGreaterThan(0)
    expect(s.description.length, s.name).toBeGreaterThan(10)
    expect(names.has(s.name), `duplicate slice ${s.name}`).toBe(false)
    names.add(s.name)
    offset += s.length
  }
  expect(offset).toBe(layout.size)
}

function seatCounts(engine: AnyEngine): number[] {
  const out: number[] = []
  for (let n = engine.seats.min; n <= engine.seats.max; n++) out.push(n)
  return out
}

function fail(message: string): never {
  throw new Error(message)
}

/**
 * Checks every seat's mask, indices and observation in `state` (plain comparisons: this runs at every step); with `rng`
 * it also samples a determinization per seat and checks that its observation is equal.
 */
function checkState(engine: AnyEngine, state: unknown, seats: number, rng: Random | null): void {
  const space = engine.actionSpace
  for (let seat = 0; seat < seats; seat++) {
    const legal: { type: string }[] = engine.legalActions(state, seat)
    const mask = engine.legalMask(state, seat)
    if (mask.length !== space.size) fail(`mask length ${mask.length}`)
    const indices = legal.map(a => engine.actionIndex(state, seat, a))
    if (new Set(indices).size !== legal.length)
      fail(`two listed actions share an index: ${JSON.stringify(legal)} -> ${indices}`)
    legal.forEach((a, i) => {
      const index = indices[i]!
      const slice = space.slices.find(s => s.name === a.type) ?? fail(`no slice for ${a.type}`)
      if (!(index >= slice.offset && index < slice.offset + slice.length))
        fail(`${JSON.stringify(a)} -> ${index} outside its slice`)
      if (
        engine.actionFromIndex(state, seat, index) !== a &&
        JSON.stringify(engine.actionFromIndex(state, seat, index)) !== JSON.stringify(a)
      ) {
        fail(`actionFromIndex(${index}) is not ${JSON.stringify(a)}`)
      }
    })
    const ones: number[] = []
    mask.forEach((v, i) => {
      if (v !== 0 && v !== 1) fail(`mask value ${v}`)
      if (v === 1) ones.push(i)
    })
    if (JSON.stringify(ones) !== JSON.stringify([...indices].sort((x, y) => x - y)))
      fail('the mask is not 1 exactly at the listed actions')
    const observation = engine.encodeObservation(engine.view(state, seat))
    if (!(observation instanceof Float32Array) || observation.length !== engine.observationShape.size)
      fail('observation type or length')
    if (!observation.every(x => Number.isFinite(x))) fail('a non-finite observation value')
    if (rng) {
      // a state the seat cannot tell apart encodes equally
      const other = engine.determinize!(state, seat, rng)
      expect(engine.view(other, seat)).toEqual(engine.view(state, seat))
      expect(engine.encodeObservation(engine.view(other, seat))).toEqual(observation)
    }
  }
}

describe.each(productionGames.map(g => [g.id, g] as const))('encodings: %s', (_id, engine) => {
  it('publishes layouts whose named, described slices cover 0..size-1, one action slice per action type', () => {
    expectCovering(engine.observationShape)
    expectCovering(engine.actionSpace)
    const types = engine.actionSpace.slices.map(s => s.name)
    const schema = engine.schemas.action.toJSONSchema?.() ?? null
    if (schema) {
      const union = schema as {
        oneOf?: { properties: { type: { const: string } } }[]
        anyOf?: { properties: { type: { const: string } } }[]
      }
      const listed = (union.oneOf ?? union.anyOf ?? []).map(o => o.properties.type.const)
      expect([...types].sort()).toEqual([...listed].sort())
    }
  })

  it.each(seatCounts(engine))(
    'over random games with %i seats: masks, indices, inverses and hidden information agree',
    seats => {
      const samples = engine.sampleDecks()
      const decks = Array.from({ length: seats }, (_, i) => samples[i % samples.length]!.deck)
      const options = engine.schemas.options.parse(engine.randomPlayOptions ?? {})
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000 }), n => {
          const rng = Random.fromSeed(`encodings:${n}`)
          let state = engine.setup(decks, options, `encodings-${seats}-${n}`)
          for (let step = 0; step < MAX_STEPS; step++) {
            checkState(engine, state, seats, step % 8 === 0 ? rng : null)
            const st = engine.status(state)
            if (st.finished) {
              for (let seat = 0; seat < seats; seat++)
                expect(engine.legalMask(state, seat).every(x => x === 0)).toBe(true)
              return
            }
            const seat = rng.pick(st.toAct)
            state = engine.apply(state, seat, rng.pick(engine.legalActions(state, seat))).state
          }
        }),
        { numRuns: 4 },
      )
    },
    // Random games grow with the seats: Marvel Dice Throne's took 21 s with 2, 40 s with 3 and 68 s with 4 on the
    // shared 2-core machine, past the global 60 s.
    180_000,
  )
})
