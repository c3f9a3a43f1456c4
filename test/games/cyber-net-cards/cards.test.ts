// Cyber Net Cards' card pool: printed texts match the data, every card does what its data says, avatar powers and
// passives.
/**
 * A test per card: each card is activated (in every Turbo/Burn variant the engine lists) in a fixed
 * scenario, and the result is compared with what its data says, worked out here independently.
 * Negation cards answer an opponent's activation; equipment and infections are also Used and carried
 * into the next round (round-start effects, coal gains, income and hand-size changes).
 */
import { describe, expect, it } from 'vitest'
import { AVATARS, CARDS, type Card, type Op } from '../../../src/games/cyber-net-cards/data.ts'
import { stats } from '../../../src/games/cyber-net-cards/values.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { E, PASS, act, activate, activateOn, scenario } from './helpers.ts'

const SPECIAL = new Set(['negate', 'rollback', 'purge'])

function setupFor(card: Card) {
  // two equipped cards that do not use coal (a copy of the tested card itself would only be renewed, CN-9.5)
  const fillers = ['coal-furnace', 'nano-vest', 'neural-link'].filter(id => id !== card.id).slice(0, 2)
  return scenario({
    seats: [
      {
        avatar: 'sentinel-ada',
        life: 20,
        mana: 15,
        field: [card.id, 'sandbox'],
        equipped: [
          { card: fillers[0]!, coal: 2, left: 3 },
          { card: fillers[1]!, coal: 0, left: 3 },
        ],
      },
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
        x.life[0] += op.n
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
        // a pool holds no less than none, and nothing caps it (L 15 caps only the mana received each round)
        if (op.who === 'opp') x.mana[1] = Math.max(0, x.mana[1] + op.n)
        else x.mana[0] = Math.max(0, x.mana[0] + op.n)
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
  const eq = [...s.players[0]!.lasting.filter(l => l.owner === 0), ...s.players[1]!.lasting.filter(l => l.owner === 0)]
  return {
    life: [s.players[0]!.life, s.players[1]!.life],
    atk: [stats(s, 0).atk, stats(s, 1).atk],
    def: [stats(s, 0).def, stats(s, 1).def],
    mana: [s.players[0]!.mana, s.players[1]!.mana],
    hand0: s.players[0]!.hand.length,
    coal: eq.map(l => l.coal),
  }
}

function plainCard(card: Card) {
  const { state, uid } = setupFor(card)
  const u = uid(0, card.id)
  const variants = E.legalActions(state, 0).filter(a => a.type === 'activate' && a.card === u)
  expect(variants.length).toBeGreaterThan(0)
  expect(variants.some(a => a.type === 'activate' && a.turbo)).toBe(card.turbo !== undefined)
  expect(variants.some(a => a.type === 'activate' && a.burn)).toBe(card.burn !== undefined)
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
      const l = s.players[host]!.lasting.find(q => q.uid === u)!
      expect(l).toMatchObject({ owner: 0, left: L.duration, coal: x.coal[selfIdx!] })
      expect(s.players[0]!.active).not.toContain(u)
      lastingFollowUp(card, s, u, host)
    } else {
      expect(s.players[0]!.active).toEqual([u])
    }
  }
}

/** Use, coal-scaled changes, coal gains, coal keeping, and the next round for equipment and infections. */
function lastingFollowUp(card: Card, s0: CNState, u: number, host: number) {
  const L = card.lasting!
  // perCoal (CN-5.3): the same state with 3 coal on the card
  const full = structuredClone(s0)
  full.players[host]!.lasting.find(q => q.uid === u)!.coal = 3
  const base = snapshot(s0)
  const withCoal = snapshot(full)
  for (const k of ['atk', 'def'] as const) expect(withCoal[k][host]).toBe(base[k][host]! + 3 * (L.perCoal?.[k] ?? 0))
  // Use (CN-5.10): with just the coal it needs, so the round-start gain below shows from 0
  const s = structuredClone(s0)
  s.players[host]!.lasting.find(q => q.uid === u)!.coal = L.use?.coal ?? 0
  // seat 1 has the turn now (sandbox); let it pass so seat 0 may use
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
    expect(E.legalActions(t, 0).some(a => a.type === 'use' && a.card === u)).toBe(false)
  }
  const coalBefore = t.players[host]!.lasting.find(q => q.uid === u)!.coal
  expect(coalBefore).toBe(0)
  // next round: round-start effects, coal gains, income and hand size
  const events: { type: string; seat?: number; n?: number }[] = []
  while (t.round === 3 && t.phase === 'action') {
    const out = act(t, E.status(t).toAct[0]!, PASS)
    events.push(...(out.events as typeof events))
    t = out.state
  }
  expect(t.round).toBe(4)
  const inPlay = t.players[host]!.lasting.find(q => q.uid === u)
  expect(inPlay).toBeDefined()
  expect(inPlay!.left).toBe(L.duration - 1)
  const handTarget = 4 + (host === 0 ? 1 : 0) + (L.mods?.hand ?? 0)
  expect(t.players[host]!.hand).toHaveLength(handTarget)
  expect(t.players[host]!.income).toBe(4 + (L.mods?.income ?? 0))
  // round-start effects (e.g. Worm: 1 damage to its host) and round-start coal (e.g. Turbo Boots: 1 each round)
  const afterStart = events.slice(events.findIndex(e => e.type === 'roundStart'))
  const roundStartDamage = (L.roundStart ?? []).reduce((n, o) => n + (o.op === 'damage' ? o.n : 0), 0)
  expect(afterStart.filter(e => e.type === 'damage' && e.seat === 1).reduce((n, e) => n + e.n!, 0)).toBe(
    roundStartDamage,
  )
  expect(inPlay!.coal).toBe(L.coalGain?.on === 'roundStart' ? L.coalGain.n : 0)
}

/** What a card of each kind triggers (CN-5.3 coal gains "when you activate …"). */
const TRIGGER: Record<string, string> = {
  offensive: 'data-spike',
  defensive: 'sandbox',
  ability: 'ping',
  equipment: 'nano-vest',
  infection: 'spyware',
}

/** Coal gained on an activation, coal kept from other cards (CN-5.7), the Steampunk extra round (CN-5.9). */
function lastingExtras(card: Card) {
  const L = card.lasting!
  // CN-5.3: a gain "when you activate an X card" happens for X only
  for (const kind of Object.keys(TRIGGER)) {
    const { state, uid } = scenario({
      seats: [
        { mana: 15, field: [TRIGGER[kind]!, 'sandbox'], equipped: [{ card: card.id, coal: 0, left: 3 }] },
        { field: ['sandbox'], abilityUsed: true },
      ],
    })
    // an infection of seat 0 sits on seat 1's avatar
    if (card.kind === 'infection') state.players[1]!.lasting.push(state.players[0]!.lasting.pop()!)
    const s = act(state, 0, activate(uid(0, TRIGGER[kind]!))).state
    const mine = [...s.players[0]!.lasting, ...s.players[1]!.lasting].find(
      q => s.cards[q.uid] === card.id && q.owner === 0,
    )!
    expect(mine.coal).toBe(L.coalGain?.on === kind ? L.coalGain.n : 0)
  }
  // CN-5.7: when another of your equipped cards leaves, its coal comes here only if this card keeps coal
  if (card.id !== 'turbo-boots') {
    const { state } = scenario({
      seats: [
        {
          equipped: [
            { card: 'turbo-boots', coal: 2, left: 1 },
            { card: card.id, coal: 0, left: 3 },
          ],
        },
        {},
      ],
    })
    if (card.kind === 'infection') state.players[1]!.lasting.push(state.players[0]!.lasting.pop()!)
    let s = state
    while (s.round === 3) s = act(s, E.status(s).toAct[0]!, PASS).state
    const mine = [...s.players[0]!.lasting, ...s.players[1]!.lasting].find(q => q.owner === 0)!
    expect(s.cards[mine.uid]).toBe(card.id) // Turbo Boots left
    const gain = L.coalGain?.on === 'roundStart' ? L.coalGain.n : 0
    expect(mine.coal).toBe(Math.min(3, (L.keepsCoal ? 2 : 0) + gain))
  }
  // CN-5.9: one round longer on a Steampunk avatar, for equipment marked so
  {
    const { state, uid } = scenario({
      seats: [
        { avatar: 'copper-duchess', mana: 15, field: [card.id, 'sandbox'] },
        { field: ['sandbox'], abilityUsed: true },
      ],
    })
    const v = E.legalActions(state, 0).find(a => a.type === 'activate' && a.card === uid(0, card.id))!
    const s = act(state, 0, v).state
    const mine = [...s.players[0]!.lasting, ...s.players[1]!.lasting].find(q => q.uid === uid(0, card.id))!
    expect(mine.left).toBe(L.duration + (card.kind === 'equipment' && L.steamExtra ? 1 : 0))
  }
}

function negationCard(card: Card) {
  const ops = card.effect.map(o => o.op)
  if (ops.includes('negate')) {
    const { state, uid } = scenario({
      first: 1,
      seats: [
        { life: 20, mana: 15, field: [card.id, 'sandbox'], equipped: [{ card: 'coal-furnace', coal: 2, left: 3 }] },
        { life: 20, field: ['brute-force', 'sandbox'], mana: 5, abilityUsed: true },
      ],
    })
    const s1 = act(state, 1, activate(uid(1, 'brute-force'))).state
    const u = uid(0, card.id)
    const variants = E.legalActions(s1, 0).filter(a => a.type === 'activate' && a.card === u)
    expect(variants.some(a => a.type === 'activate' && a.turbo)).toBe(card.turbo !== undefined)
    expect(variants.some(a => a.type === 'activate' && a.burn)).toBe(card.burn !== undefined)
    const dmg = (list: readonly Op[] | undefined) => (list ?? []).reduce((n, o) => n + (o.op === 'damage' ? o.n : 0), 0)
    for (const v of variants) {
      if (v.type !== 'activate') continue
      const s = act(s1, 0, v).state
      expect(s.players[0]!.life).toBe(20) // Brute Force (6 damage) did nothing
      expect(s.players[1]!.active).toContain(uid(1, 'brute-force'))
      expect(s.players[1]!.life).toBe(
        20 - dmg(card.effect) - (v.turbo ? dmg(card.turbo!.effect) : 0) - (v.burn ? dmg(card.burn!.effect) : 0),
      )
      expect(s.players[0]!.mana).toBe(15 - card.cost - (v.turbo ? card.turbo!.x : 0))
      expect(s.players[0]!.lasting[0]!.coal).toBe(2 - card.coalCost - (v.burn ? card.burn!.x : 0))
    }
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

/**
 * Every card's printed text, restated in a short notation (CN-REF-9: Turbo/Burn bonuses, coal costs and gains are
 * printed on the cards); each row was checked by hand against the card's text, and the keyword checks below tie the
 * text itself to the data. The data the engine runs must say exactly this, so a card whose data drifted from its text
 * fails here; the tests above then show the engine does what the data says. Notation: dmgN (the opponent loses N life),
 * healN, atk/def/ mana ±N ("opp": on the opponent), drawN, coalN (on your equipped card with the least, or on the card
 * itself), moveN; lasting part: roundsN(+steam: one more on a Steampunk avatar), mods, per-coal mods, round-start ops,
 * coal gains, Use.
 */
const PRINTED: Record<string, string> = {
  'data-spike': 'dmg1',
  'overclocked-strike': 'dmg2 | turbo2: dmg2',
  'neon-blade': 'atk+3',
  'packet-flood': 'dmg3 def-1opp | turbo1: dmg1',
  'ddos-barrage': 'dmg5 | turbo2: dmg3',
  'boiler-punch': 'steampunk | dmg2 | burn1: dmg3',
  'rivet-gun': 'dmg1 atk+1 | burn1: dmg2',
  'zero-day-exploit': 'dmg2 def-2opp',
  'voltage-surge': 'atk+2 | turbo1: atk+2',
  'furnace-blast': 'steampunk | coalCost1 | dmg5',
  'trojan-payload': 'dmg2 mana-1opp',
  'glitch-swarm': 'dmg1 def-1opp',
  'steam-lance': 'steampunk | atk+2 | burn2: dmg4',
  'brute-force': 'dmg6',
  'backdoor-raid': 'dmg1 draw1',
  sandbox: 'def+1',
  'firewall-shield': 'def+2',
  'patch-update': 'heal3',
  'encrypted-armor': 'def+3 | turbo1: def+2',
  reboot: 'heal5 | turbo2: heal3',
  honeypot: 'def+1 atk-2opp',
  'backup-restore': 'heal4 draw1',
  'iron-plating': 'steampunk | def+2 | burn1: def+2',
  'coolant-flush': 'atk-1opp heal1',
  'mirror-proxy': 'def+2 dmg2',
  'pressure-valve': 'steampunk | heal2 coal1',
  'cache-reserve': 'mana+1',
  defrag: 'draw2',
  'counter-hack': 'negate',
  'null-pointer': 'negate | turbo1: dmg2',
  rollback: 'rollback',
  'quick-patch': 'heal2',
  'emp-pulse': 'purge',
  ping: 'dmg1',
  'mana-siphon': 'mana-2opp mana+1',
  'adrenal-boost': 'atk+1 def+1',
  'flash-freeze': 'atk-3opp',
  'coal-shovel': 'move2',
  'stoke-the-fire': 'steampunk | coal2',
  'kill-switch': 'negate dmg1',
  'spark-jump': 'dmg1 | burn1: dmg2',
  'steam-vent': 'steampunk | coalCost1 | negate',
  'buffer-overflow': 'dmg2 | turbo2: dmg2',
  'lag-spike': 'def-2opp',
  'turbo-boots': '- | rounds2, atk+1, gain1 on roundStart, use(0 mana, 1 coal): atk+2',
  'reactor-core': '- | rounds3, income+1',
  'data-glove': '- | rounds2, hand+1',
  'nano-vest': '- | rounds2, def+2',
  'steam-piston': 'steampunk | - | rounds2+steam, atk+1/coal, gain1 on roundStart',
  'industrial-revolution': 'steampunk | - | rounds3, gain1 on offensive, keeps coal, use(0 mana, 2 coal): dmg3',
  'boiler-heart': '- | rounds2+steam, gain1 on roundStart, use(1 mana, 1 coal): heal3',
  'plasma-cannon': '- | turbo2: dmg2 | rounds2, use(1 mana, 0 coal): dmg2',
  'signal-booster': '- | rounds2, def+1, gain1 on ability',
  'cog-shield': '- | rounds2+steam, def+1, gain1 on roundStart, use(0 mana, 1 coal): def+2',
  'neural-link': '- | rounds2, use(1 mana, 0 coal): draw1',
  'coal-furnace': 'steampunk | - | rounds3, gain1 on roundStart',
  worm: '- | rounds2, each round: dmg1',
  ransomware: '- | rounds2, income-1',
  'memory-leak': '- | rounds2, hand-1',
  rootkit: '- | rounds3, def-1, gain1 on roundStart, use(0 mana, 2 coal): dmg3',
  'logic-bomb': '- | burn1: dmg2 | rounds2, each round: dmg2',
  spyware: '- | rounds2, atk-1',
  'rust-plague': 'steampunk | - | rounds2, def-2, gain1 on roundStart',
  botnet: '- | rounds2, atk-1, each round: dmg1',
}

function serialize(c: Card): string {
  const op = (o: Op): string => {
    switch (o.op) {
      case 'damage':
        return `dmg${o.n}`
      case 'heal':
        return `heal${o.n}`
      case 'atk':
      case 'def':
      case 'mana':
        return `${o.op}${o.n > 0 ? '+' : ''}${o.n}${o.who === 'opp' ? 'opp' : ''}`
      case 'draw':
        return `draw${o.n}`
      case 'coal':
        return `coal${o.n}`
      case 'moveCoal':
        return `move${o.n}`
      default:
        return o.op
    }
  }
  const parts: string[] = []
  if (c.steampunkOnly) parts.push('steampunk')
  if (c.coalCost) parts.push(`coalCost${c.coalCost}`)
  parts.push(c.effect.map(op).join(' ') || '-')
  if (c.turbo) parts.push(`turbo${c.turbo.x}: ${c.turbo.effect.map(op).join(' ')}`)
  if (c.burn) parts.push(`burn${c.burn.x}: ${c.burn.effect.map(op).join(' ')}`)
  const L = c.lasting
  if (L) {
    const l: string[] = [`rounds${L.duration}${L.steamExtra ? '+steam' : ''}`]
    for (const [k, v] of Object.entries(L.mods ?? {})) l.push(`${k}${v > 0 ? '+' : ''}${v}`)
    for (const [k, v] of Object.entries(L.perCoal ?? {})) l.push(`${k}${v > 0 ? '+' : ''}${v}/coal`)
    if (L.roundStart) l.push(`each round: ${L.roundStart.map(op).join(' ')}`)
    if (L.coalGain) l.push(`gain${L.coalGain.n} on ${L.coalGain.on}`)
    if (L.keepsCoal) l.push('keeps coal')
    if (L.use) l.push(`use(${L.use.cost} mana, ${L.use.coal} coal): ${L.use.effect.map(op).join(' ')}`)
    parts.push(l.join(', '))
  }
  return parts.join(' | ')
}

describe('printed texts', () => {
  it('CN-3.4 CN-3.7 CN-5.3 CN-5.4 CN-5.5 every card in the pool has a row, and its data is what its printed text says; a card that gains coal says what its coal does', () => {
    expect(Object.keys(PRINTED).sort()).toEqual(CARDS.map(c => c.id).sort())
    for (const c of CARDS) expect(`${c.id}: ${serialize(c)}`).toBe(`${c.id}: ${PRINTED[c.id]}`)
    // the printed keywords match the data too
    for (const c of CARDS) {
      expect(/Steampunk only/.test(c.text), c.id).toBe(c.steampunkOnly)
      expect(c.text.match(/Turbo (\d+)/)?.[1], c.id).toBe(c.turbo ? String(c.turbo.x) : undefined)
      expect(c.text.match(/Burn (\d+)/)?.[1], c.id).toBe(c.burn ? String(c.burn.x) : undefined)
      expect(c.text.match(/Costs (\d+) coal/)?.[1], c.id).toBe(c.coalCost ? String(c.coalCost) : undefined)
      expect(c.text.match(/(\d+) rounds/)?.[1], c.id).toBe(c.lasting ? String(c.lasting.duration) : undefined)
      expect(/\(\+1 on Steampunk\)/.test(c.text), c.id).toBe(c.lasting?.steamExtra === true)
      expect(/Use \(/.test(c.text), c.id).toBe(c.lasting?.use !== undefined)
      // CN-5.3 "As cartas dizem quando ganham carvão e o que ele faz": a card that gains coal says what it is for
      if (c.lasting?.coalGain) expect(c.text, c.id).toMatch(/per coal|coal from it|fuel for your Burn and coal costs/)
    }
  })
})

describe('every card does what its data says', () => {
  for (const card of CARDS) {
    const special = card.effect.some(o => SPECIAL.has(o.op))
    const ids = [
      { offensive: 'CN-6.8', defensive: 'CN-6.8', ability: 'CN-6.9', equipment: 'CN-9.2', infection: 'CN-9.3' }[
        card.kind
      ],
      card.turbo ? 'CN-3.7' : '',
      card.burn ? 'CN-5.5' : '',
      card.coalCost ? 'CN-5.4' : '',
      card.lasting?.coalGain ? 'CN-5.3' : '',
      card.lasting?.use ? 'CN-5.10' : '',
      card.lasting?.steamExtra ? 'CN-5.9' : '',
      card.lasting?.keepsCoal ? 'CN-5.7' : '',
      special ? 'CN-8.5' : '',
    ].filter(Boolean)
    it(`${ids.join(' ')} ${card.id} (${card.kind}${card.steampunkOnly ? ', Steampunk only' : ''}): ${card.text}`, () => {
      if (special) negationCard(card)
      else plainCard(card)
      if (card.lasting) lastingExtras(card)
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
        expect(out.events.some(e => e.type === 'resolved' && e.power === type)).toBe(true)
        expect(snapshot(out.state)).toEqual(x)
        expect(out.state.players[0]!.abilityUsed).toBe(true)
      }
    })
  }
})

/**
 * Each avatar's passive (CN-4.5–4.7), with what it should do written by hand from its printed text: the passive
 * works with no action and no mana.
 */
const PASSIVE_CHECKS: Record<string, () => void> = {
  razorjack: () => {
    // When you activate an Offensive card, +1 ATK this round (not for a Defensive one).
    const { state, uid } = scenario({
      seats: [{ avatar: 'razorjack', mana: 5, field: ['data-spike', 'sandbox'] }, { field: ['sandbox'] }],
    })
    expect(stats(state, 0).atk).toBe(9)
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(stats(s, 0).atk).toBe(10)
    const d = act(state, 0, activate(uid(0, 'sandbox'))).state
    expect(stats(d, 0).atk).toBe(9)
  },
  'vex-vandal': () => {
    // At the start of each round, the opponent has -1 DEF this round (Bastion-9: 4 + 1).
    const { state } = scenario({ seats: [{ avatar: 'vex-vandal' }, {}] })
    expect(stats(state, 1).def).toBe(5)
    const s = act(state, 0, PASS).state
    expect(s.round).toBe(4)
    expect(stats(s, 1).def).toBe(4)
  },
  'copper-duchess': () => {
    // At the start of each round, 1 coal on your equipped card with the least.
    const { state } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          equipped: [
            { card: 'nano-vest', coal: 2, left: 3 },
            { card: 'data-glove', coal: 0, left: 3 },
          ],
        },
        {},
      ],
    })
    const s = act(state, 0, PASS).state
    expect(s.players[0]!.lasting.map(l => l.coal)).toEqual([2, 1])
  },
  'sentinel-ada': () => {
    // You draw up to 1 more card (5 instead of 4).
    const { state } = scenario({ seats: [{ avatar: 'sentinel-ada' }, { avatar: 'razorjack' }] })
    const s = act(state, 0, PASS).state
    expect(s.players.map(p => p.hand.length)).toEqual([5, 4])
  },
  'cipher-monk': () => {
    // You receive 1 more mana each round (round 4: 5 instead of 4).
    const { state } = scenario({ seats: [{ avatar: 'cipher-monk' }, {}] })
    const s = act(state, 0, PASS).state
    expect(s.players.map(p => p.income)).toEqual([5, 4])
  },
  'baron-cogsworth': () => {
    // When you activate an equipment, 1 coal on your equipped card with the least (not for other cards).
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'baron-cogsworth',
          mana: 5,
          field: ['nano-vest', 'sandbox'],
          equipped: [{ card: 'data-glove', left: 3 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const s = act(state, 0, activate(uid(0, 'nano-vest'))).state
    expect(s.players[0]!.lasting.map(l => [s.cards[l.uid], l.coal])).toEqual([
      ['data-glove', 1],
      ['nano-vest', 0],
    ])
    const d = act(state, 0, activate(uid(0, 'sandbox'))).state
    expect(d.players[0]!.lasting[0]!.coal).toBe(0)
  },
  'bastion-9': () => {
    // +1 DEF, always.
    const { state } = scenario({ seats: [{ avatar: 'bastion-9' }, {}] })
    expect(stats(state, 0).def).toBe(5)
  },
  'warden-lux': () => {
    // At the start of each round, gain 1 life (Climax vs Bastion-9: 6 ATK > 5 DEF, Warden loses 1, then heals 1).
    const { state } = scenario({ seats: [{ avatar: 'warden-lux', life: 20 }, {}] })
    const out = act(state, 0, PASS)
    expect(out.events.filter(e => e.type === 'heal').map(e => [e.seat, e.n])).toEqual([[0, 1]])
    expect(out.state.players[0]!.life).toBe(20)
  },
  'madame-gaskette': () => {
    // When you activate a Defensive card, 1 coal on your equipped card with the least (not for an Offensive one).
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'madame-gaskette',
          mana: 5,
          field: ['sandbox', 'data-spike'],
          equipped: [{ card: 'nano-vest', left: 3 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const s = act(state, 0, activate(uid(0, 'sandbox'))).state
    expect(s.players[0]!.lasting[0]!.coal).toBe(1)
    const o = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(o.players[0]!.lasting[0]!.coal).toBe(0)
  },
}

describe('avatar passives', () => {
  it('every avatar has a hand-written passive check', () => {
    expect(Object.keys(PASSIVE_CHECKS).sort()).toEqual(AVATARS.map(a => a.id).sort())
  })
  for (const a of AVATARS) {
    it(`CN-4.5 CN-4.6 CN-4.7 ${a.id}: its passive "${a.passive.text}" is always on and free`, () => {
      PASSIVE_CHECKS[a.id]!()
    })
  }
})
