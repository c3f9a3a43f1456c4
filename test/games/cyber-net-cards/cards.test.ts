/**
 * A test per card: each card is activated (in every Turbo/Burn variant the engine lists) in a fixed
 * scenario, and the result is compared with what its data says, worked out here independently.
 * Negation cards answer an opponent's activation; equipment and infections are also Used and carried
 * into the next round (round-start effects, coal gains, income and hand-size changes).
 */
import { describe, expect, it } from 'vitest'
import { AVATARS, CARDS, type Card, type Op } from '../../../src/games/cyber-net-cards/data.ts'
import { stats } from '../../../src/games/cyber-net-cards/rules.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { E, PASS, act, activate, activateOn, scenario } from './helpers.ts'

const SPECIAL = new Set(['negate', 'rollback', 'purge'])

function setupFor(card: Card) {
  // two equipped cards that do not use coal (a copy of the tested card itself would only be renewed, CN-9.5)
  const fillers = ['coal-furnace', 'nano-vest', 'neural-link'].filter((id) => id !== card.id).slice(0, 2)
  return scenario({
    seats: [
      { avatar: 'sentinel-ada', life: 20, mana: 15, field: [card.id, 'sandbox'], equipped: [{ card: fillers[0]!, coal: 2, left: 3 }, { card: fillers[1]!, coal: 0, left: 3 }] },
      { avatar: 'bastion-9', life: 20, mana: 5, field: ['sandbox'], abilityUsed: true },
    ],
  })
}

interface Expect {
  life: [number, number]
  atk: [number, number]
  def: [number, number]
  mana: [number, number]
  hand0: number
  coal: number[] // seat 0's equipped cards, in order
}

/** Works out the effect of `ops` run by seat 0 (the test's own model of the vocabulary). */
function model(x: Expect, ops: readonly Op[], selfIdx: number | null): void {
  for (const op of ops) {
    switch (op.op) {
      case 'damage':
        x.life[1] -= op.n
        break
      case 'heal':
        x.life[0] = Math.min(35, x.life[0] + op.n)
        break
      case 'atk':
      case 'def': {
        const t = op.who === 'opp' ? 1 : 0
        x[op.op][t] += op.n
        break
      }
      case 'draw':
        x.hand0 += op.n
        break
      case 'mana':
        if (op.who === 'opp') x.mana[1] = Math.max(0, x.mana[1] + op.n)
        else x.mana[0] = Math.min(15, x.mana[0] + op.n)
        break
      case 'coal': {
        let t = selfIdx
        if (t === null) {
          let best = -1
          x.coal.forEach((c, i) => {
            if (c < 3 && (best < 0 || c < x.coal[best]!)) best = i
          })
          t = best < 0 ? null : best
        }
        if (t !== null) x.coal[t] = Math.min(3, x.coal[t]! + op.n)
        break
      }
      case 'moveCoal': {
        let from = -1
        x.coal.forEach((c, i) => {
          if (c > 0 && (from < 0 || c > x.coal[from]!)) from = i
        })
        if (from < 0) break
        let to = -1
        x.coal.forEach((c, i) => {
          if (i !== from && c < 3 && (to < 0 || c < x.coal[to]!)) to = i
        })
        if (to < 0) break
        const n = Math.min(op.n, x.coal[from]!, 3 - x.coal[to]!)
        x.coal[from]! -= n
        x.coal[to]! += n
        break
      }
    }
  }
}

function snapshot(s: CNState): Expect {
  const eq = [...s.players[0]!.lasting.filter((l) => l.owner === 0), ...s.players[1]!.lasting.filter((l) => l.owner === 0)]
  return {
    life: [s.players[0]!.life, s.players[1]!.life],
    atk: [stats(s, 0).atk, stats(s, 1).atk],
    def: [stats(s, 0).def, stats(s, 1).def],
    mana: [s.players[0]!.mana, s.players[1]!.mana],
    hand0: s.players[0]!.hand.length,
    coal: eq.map((l) => l.coal),
  }
}

function plainCard(card: Card) {
  const { state, uid } = setupFor(card)
  const u = uid(0, card.id)
  const variants = E.legalActions(state, 0).filter((a) => a.type === 'activate' && a.card === u)
  expect(variants.length).toBeGreaterThan(0)
  expect(variants.some((a) => a.type === 'activate' && a.turbo)).toBe(card.turbo !== undefined)
  expect(variants.some((a) => a.type === 'activate' && a.burn)).toBe(card.burn !== undefined)
  for (const v of variants) {
    if (v.type !== 'activate') continue
    const x = snapshot(state)
    x.mana[0] -= card.cost + (v.turbo ? card.turbo!.x : 0)
    // coal payment: cards that do not use coal first (both scenario cards do not use coal), oldest first
    let pay = card.coalCost + (v.burn ? card.burn!.x : 0)
    for (let i = 0; i < x.coal.length && pay > 0; i++) {
      const t = Math.min(pay, x.coal[i]!)
      x.coal[i]! -= t
      pay -= t
    }
    let selfIdx: number | null = null
    const L = card.lasting
    if (L) {
      const host = card.kind === 'equipment' ? 0 : 1
      for (const k of ['atk', 'def'] as const) x[k][host] += L.mods?.[k] ?? 0
      x.coal.push(0)
      selfIdx = x.coal.length - 1
    }
    const ops = [...card.effect, ...(v.turbo ? card.turbo!.effect : []), ...(v.burn ? card.burn!.effect : [])]
    model(x, ops, selfIdx)
    const out = act(state, 0, v)
    const s = out.state
    expect(s.chain).toEqual([])
    expect(snapshot(s)).toEqual(x)
    if (L) {
      const host = card.kind === 'equipment' ? 0 : 1
      const l = s.players[host]!.lasting.find((q) => q.uid === u)!
      expect(l).toMatchObject({ owner: 0, left: L.duration, coal: x.coal[selfIdx!] })
      expect(s.players[0]!.active).not.toContain(u)
      lastingFollowUp(card, s, u, host)
    } else {
      expect(s.players[0]!.active).toEqual([u])
    }
  }
}

/** Use, coal-scaled changes, and the next round for equipment and infections. */
function lastingFollowUp(card: Card, s0: CNState, u: number, host: number) {
  const L = card.lasting!
  const s = structuredClone(s0)
  const l = s.players[host]!.lasting.find((q) => q.uid === u)!
  l.coal = 3
  const base = snapshot(s0)
  const withCoal = snapshot(s)
  for (const k of ['atk', 'def'] as const) expect(withCoal[k][host]).toBe(base[k][host]! + 3 * (L.perCoal?.[k] ?? 0))
  // Use: seat 1 has the turn now (sandbox); let it pass so seat 0 may use
  let t = act(s, 1, PASS).state
  if (L.use) {
    const use = { type: 'use' as const, card: u }
    expect(E.legalActions(t, 0)).toContainEqual(use)
    const x = snapshot(t)
    x.mana[0] -= L.use.cost
    const idx = x.coal.length - 1
    x.coal[idx]! -= L.use.coal // a Use pays coal from its own card
    model(x, L.use.effect, idx)
    t = act(t, 0, use).state
    expect(snapshot(t)).toEqual(x)
    expect(E.legalActions(t, 0)).not.toContainEqual(use)
  } else {
    expect(E.legalActions(t, 0).some((a) => a.type === 'use' && a.card === u)).toBe(false)
  }
  // next round: round-start effects, coal gains, income and hand size
  while (t.round === 3 && t.phase === 'action') t = act(t, E.status(t).toAct[0]!, PASS).state
  expect(t.round).toBe(4)
  const inPlay = t.players[host]!.lasting.find((q) => q.uid === u)
  expect(inPlay).toBeDefined()
  expect(inPlay!.left).toBe(L.duration - 1)
  const handTarget = 4 + (host === 0 ? 1 : 0) + (L.mods?.hand ?? 0)
  expect(t.players[host]!.hand).toHaveLength(handTarget)
  expect(t.players[host]!.income).toBe(4 + (L.mods?.income ?? 0))
}

function negationCard(card: Card) {
  const ops = card.effect.map((o) => o.op)
  if (ops.includes('negate')) {
    const { state, uid } = scenario({
      first: 1,
      seats: [
        { life: 20, mana: 15, field: [card.id, 'sandbox'], equipped: [{ card: 'coal-furnace', coal: 2, left: 3 }] },
        { life: 20, field: ['brute-force', 'sandbox'], mana: 5, abilityUsed: true },
      ],
    })
    let s = act(state, 1, activate(uid(1, 'brute-force'))).state
    s = act(s, 0, activate(uid(0, card.id))).state
    expect(s.players[0]!.life).toBe(20) // Brute Force (6 damage) did nothing
    expect(s.players[1]!.active).toContain(uid(1, 'brute-force'))
    const dmg = card.effect.filter((o) => o.op === 'damage').reduce((n, o) => n + (o as { n: number }).n, 0)
    expect(s.players[1]!.life).toBe(20 - dmg)
  }
  if (ops.includes('rollback')) {
    const { state, uid } = scenario({
      first: 1,
      seats: [
        { life: 20, mana: 15, field: [card.id, 'sandbox'] },
        { life: 20, field: ['neon-blade', 'sandbox'], mana: 5, abilityUsed: true },
      ],
    })
    let s = act(state, 1, activate(uid(1, 'neon-blade'))).state
    s = act(s, 0, PASS).state
    expect(stats(s, 1).atk).toBe(9) // Bastion-9 ATK 6 + 3
    s = act(s, 0, activate(uid(0, card.id))).state
    expect(stats(s, 1).atk).toBe(6)
  }
  if (ops.includes('purge')) {
    const { state, uid } = scenario({
      seats: [
        { life: 20, mana: 15, field: [card.id, 'sandbox'] },
        { life: 20, field: ['sandbox'], equipped: [{ card: 'nano-vest', coal: 1 }] },
      ],
    })
    const vest = uid(1, 'nano-vest', 'lasting')
    const s = act(state, 0, activateOn(uid(0, card.id), vest)).state
    expect(s.players[1]!.lasting).toEqual([])
    expect(s.players[1]!.void).toEqual([vest])
    expect(stats(s, 1).def).toBe(5) // Bastion-9 DEF 4 + 1, Nano Vest gone
  }
}

describe('every card does what its data says', () => {
  for (const card of CARDS) {
    const special = card.effect.some((o) => SPECIAL.has(o.op))
    it(`${card.id} (${card.kind}${card.steampunkOnly ? ', Steampunk only' : ''}): ${card.text}`, () => {
      if (special) negationCard(card)
      else plainCard(card)
    })
  }
})

describe('avatar powers', () => {
  for (const a of AVATARS) {
    it(`CN-4.1 CN-2.4 ${a.id}: its ability, the Unique Ability "${a.ability.name}", resolves through the chain`, () => {
      for (const type of ['ability'] as const) {
        const power = a.ability
        const { state } = scenario({
          seats: [
            { avatar: a.id, life: 20, mana: 10, field: ['sandbox'], equipped: [{ card: 'coal-furnace', coal: 0 }] },
            { life: 20, mana: 5, field: ['sandbox'], abilityUsed: true },
          ],
        })
        const x = snapshot(state)
        x.mana[0] -= power.cost
        model(x, power.effect, null) // negation parts have nothing to negate here
        const out = act(state, 0, { type })
        expect(out.events.some((e) => e.type === 'resolved' && e.power === type)).toBe(true)
        expect(snapshot(out.state)).toEqual(x)
        expect(out.state.players[0]!.abilityUsed).toBe(true)
      }
    })
  }
})
