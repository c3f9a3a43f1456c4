// Cyber Net Cards rules by chapter (CN-1 to CN-9): life, mana, avatar ability, coal, round stages, starting player,
// chains, lasting cards, coal ties, and literal readings.
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed } from '../../support/playout.ts'
import { stats } from '../../../src/games/cyber-net-cards/values.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { AUTO_OFF, E, PASS, act, activate, activateOn, sampleDeck, scenario } from './helpers.ts'

const view = (s: CNState, seat: number | null) => E.view(s, seat) as any
const types = (events: { type: string }[]) => events.map(e => e.type)

/** Both seats pass until the round ends (seat to act passes; the other may be skipped automatically). */
function endRound(s: CNState): { state: CNState; events: any[] } {
  const r = s.round
  const all: any[] = []
  let guard = 0
  while (s.round === r && s.phase === 'action' && guard++ < 10) {
    const seat = E.status(s).toAct[0]!
    const out = act(s, seat, PASS)
    all.push(...out.events)
    s = out.state
  }
  return { state: s, events: all }
}

describe('CN-1 general rules', () => {
  it('CN-1.2 every avatar starts with 35 life', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'x')
    expect(s.players.map(p => p.life)).toEqual([35, 35])
  })

  it('CN-1.3 CN-1.4 CN-1.5 CN-6.16 activated cards go to their owner Void at the end of the round and stay there', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike', 'sandbox'] }, { field: ['sandbox'] }] })
    const u = uid(0, 'data-spike')
    let s = act(state, 0, activate(u)).state
    expect(s.players[0]!.active).toEqual([u])
    expect(s.players[0]!.void).toEqual([])
    s = endRound(s).state
    expect(s.players[0]!.void).toEqual([u])
    expect(s.players[0]!.hand).not.toContain(u)
    s = endRound(s).state
    expect(s.players[0]!.void).toEqual([u])
  })

  it('CN-1.4 CN-6.19 an infection that leaves goes to the Void of the player who activated it, not to its host', () => {
    const { state, uid } = scenario({ seats: [{}, { equipped: [{ card: 'spyware', owner: 0, left: 1 }] }] })
    const u = uid(1, 'spyware', 'lasting')
    const s = endRound(state).state
    expect(s.players[1]!.lasting).toEqual([])
    expect(s.players[0]!.void).toEqual([u])
    expect(s.players[1]!.void).toEqual([])
  })

  it('CN-1.6 both Voids are visible to both seats and to spectators', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, {}] })
    const s = endRound(act(state, 0, activate(uid(0, 'data-spike'))).state).state
    for (const viewer of [0, 1, null]) expect(view(s, viewer).players[0].void).toEqual(['data-spike'])
  })

  it('CN-1.7 a round runs Draw, Preparation, Action and Climax, then a new round', () => {
    let s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'stages')
    expect(s.phase).toBe('prep')
    expect(s.players.map(p => p.hand.length)).toEqual([4, 4]) // Draw happened
    expect(E.status(s).toAct).toEqual([0, 1])
    for (const seat of [0, 1])
      s = act(
        s,
        seat,
        E.legalActions(s, seat).find(a => a.type === 'place')!,
      ).state
    expect(s.phase).toBe('action')
    const out = endRound(s)
    expect(types(out.events)).toContain('climax')
    expect(out.state.round).toBe(2)
    expect(out.state.phase).toBe('prep')
  })

  it('CN-1.8 an avatar at 0 life or less loses at once', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, { life: 1 }] })
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(E.status(s)).toMatchObject({ finished: true, winners: [0] })
    expect(E.legalActions(s, 0)).toEqual([])
    expect(expectRejected(E, s, 1, PASS).code).toBe('MATCH_FINISHED')
  })

  it('CN-1.9 CN-6.4 a player who starts a round with an empty deck loses (deckout)', () => {
    const { state } = scenario({ seats: [{}, { deck: [] }] })
    const s = endRound(state).state
    expect(E.status(s)).toMatchObject({ finished: true, winners: [0] })
    expect(s.reason).toMatch(/deckout/)
  })

  it('CN-1.10 both avatars at 0 at the same time is a draw', () => {
    // Sentinel Ada 7/4 vs Bastion-9 6/5: each loses 2.
    const { state } = scenario({ seats: [{ life: 2 }, { life: 2 }] })
    const s = endRound(state).state
    expect(E.status(s)).toMatchObject({ finished: true, winners: [] })
  })

  it('CN-1.11 both decks empty: the player with more life wins', () => {
    const { state } = scenario({
      seats: [
        { deck: [], life: 20 },
        { deck: [], life: 25 },
      ],
    })
    const s = endRound(state).state // climax: Ada -2, Bastion -2 -> 18 vs 23
    expect(E.status(s)).toMatchObject({ finished: true, winners: [1] })
  })

  it('CN-1.12 both decks empty with equal life is a draw', () => {
    const { state } = scenario({
      seats: [
        { deck: [], life: 20 },
        { deck: [], life: 20 },
      ],
    })
    const s = endRound(state).state // 18 vs 18
    expect(s.players[0]!.life).toBe(s.players[1]!.life)
    expect(E.status(s)).toMatchObject({ finished: true, winners: [] })
  })
})

describe('CN-3 mana, Turbo and Recycle', () => {
  it('CN-3.1 1 mana in round 1, then one more each round', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'm')
    expect(s.players.map(p => p.mana)).toEqual([1, 1])
    const { state } = scenario({ round: 1 })
    const s2 = endRound(state).state
    expect(s2.players.map(p => p.income)).toEqual([2, 2])
  })

  it('CN-3.1 income stops growing at 10', () => {
    const { state } = scenario({ round: 14 })
    const s = endRound(state).state
    expect(s.players[0]!.income).toBe(10)
    expect(s.players[0]!.mana).toBe(10)
  })

  it('CN-3.2 effects raise income above 10, up to 12', () => {
    const { state } = scenario({
      round: 20,
      seats: [{ avatar: 'cipher-monk', equipped: [{ card: 'reactor-core', left: 3 }] }, {}],
    })
    const s = endRound(state).state
    expect(s.players[0]!.income).toBe(12)
  })

  it('CN-3.2 CN-3.3 [003] L 15 caps the mana received each round, not the pool: mana gained during a round goes above 15', () => {
    // a round started with 12 received and 3 carried: 15; Cache Reserve (0 mana) gains 1 more
    const { state, uid } = scenario({
      round: 20,
      seats: [{ mana: 15, field: ['cache-reserve', 'sandbox'] }, { field: ['sandbox'] }],
    })
    const s = act(state, 0, activate(uid(0, 'cache-reserve'))).state
    expect(s.players[0]!.mana).toBe(16)
    // losing mana stops at none (Decision 4): Mana Siphon takes 2 from a pool of 1
    const t = scenario({
      seats: [
        { mana: 1, field: ['mana-siphon', 'sandbox'] },
        { mana: 1, abilityUsed: true },
      ],
    })
    const u = act(t.state, 0, activate(t.uid(0, 'mana-siphon'))).state
    expect(u.players[1]!.mana).toBe(0)
  })

  it('CN-3.3 up to 3 unspent mana carries into the next round', () => {
    const { state } = scenario({ round: 4, seats: [{ mana: 7 }, { mana: 2 }] })
    const s = endRound(state).state
    expect(s.players[0]!.mana).toBe(5 + 3)
    expect(s.players[1]!.mana).toBe(5 + 2)
  })

  it('CN-3.4 CN-3.6 activating pays the mana cost; without it the activation is refused', () => {
    const { state, uid } = scenario({ seats: [{ field: ['neon-blade'], mana: 3 }, { field: ['sandbox'] }] })
    const s = act(state, 0, activate(uid(0, 'neon-blade'))).state
    expect(s.players[0]!.mana).toBe(1)
    const poor = scenario({ seats: [{ field: ['neon-blade'], mana: 1 }, {}] })
    expect(isListed(E, poor.state, 0, activate(poor.uid(0, 'neon-blade')))).toBe(false)
    expect(expectRejected(E, poor.state, 0, activate(poor.uid(0, 'neon-blade'))).rule).toBe('CN-3.6')
  })

  it('CN-3.5 placing cards is free', () => {
    let s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'free')
    const place = E.legalActions(s, 0).find(a => a.type === 'place')!
    s = act(s, 0, place).state
    expect(s.players[0]!.mana).toBe(1)
    expect(s.players[0]!.field).toHaveLength(3)
  })

  it('CN-3.6 answers pay their cost too', () => {
    const { state, uid } = scenario({
      seats: [{ field: ['data-spike', 'sandbox'] }, { field: ['quick-patch'], mana: 2 }],
    })
    let s = act(state, 0, activate(uid(0, 'data-spike'))).state
    s = act(s, 1, activate(uid(1, 'quick-patch'))).state
    expect(s.players[1]!.mana).toBe(1)
  })

  it('CN-3.7 Turbo X pays X more for the Turbo bonus', () => {
    const { state, uid } = scenario({
      seats: [{ field: ['overclocked-strike', 'sandbox'], mana: 3 }, { field: ['sandbox'] }],
    })
    const u = uid(0, 'overclocked-strike')
    expect(isListed(E, state, 0, activate(u, true))).toBe(true)
    const s = act(state, 0, activate(u, true)).state
    expect(s.players[0]!.mana).toBe(0)
    expect(s.players[1]!.life).toBe(30 - 4)
    const poor = scenario({ seats: [{ field: ['overclocked-strike'], mana: 2 }, {}] })
    expect(expectRejected(E, poor.state, 0, activate(poor.uid(0, 'overclocked-strike'), true)).rule).toBe('CN-3.7')
  })

  it('CN-3.8 Recycle: once per round, before placing, a hand card goes to the bottom and the top card is drawn', () => {
    let s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'rec')
    const p = s.players[0]!
    const card = p.hand[0]!
    const top = p.deck[0]!
    s = act(s, 0, { type: 'recycle', card }).state
    expect(s.players[0]!.deck.at(-1)).toBe(card)
    expect(s.players[0]!.hand).toContain(top)
    expect(s.players[0]!.hand).not.toContain(card)
    expect(s.players[0]!.hand).toHaveLength(4)
    expect(E.legalActions(s, 0).some(a => a.type === 'recycle')).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'recycle', card: s.players[0]!.hand[0] }).rule).toBe('CN-3.8')
    // after placing: no recycle
    let t = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'rec2')
    t = act(
      t,
      1,
      E.legalActions(t, 1).find(a => a.type === 'place')!,
    ).state
    expect(E.legalActions(t, 1)).toEqual([])
    expect(expectRejected(E, t, 1, { type: 'recycle', card: t.players[1]!.hand[0] }).code).toBe('NOT_YOUR_DECISION')
  })
})

describe('CN-4 avatar ability and passive', () => {
  it('CN-4.1 CN-4.2 the ability costs mana and takes no field slot', () => {
    const { state } = scenario({ seats: [{ mana: 2, field: ['sandbox'] }, {}] })
    expect(isListed(E, state, 0, { type: 'ability' })).toBe(true)
    const s = act(state, 0, { type: 'ability' }).state // Scan: draw 1
    expect(s.players[0]!.mana).toBe(1)
    expect(s.players[0]!.field).toHaveLength(1)
    expect(s.players[0]!.hand).toHaveLength(1)
    const poor = scenario({ seats: [{ mana: 0, field: ['sandbox'] }, {}] })
    expect(expectRejected(E, poor.state, 0, { type: 'ability' }).rule).toBe('CN-4.1')
  })

  it('CN-4.3 the ability can answer a chain', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike', 'sandbox'] }, { mana: 1, field: ['sandbox'] }] })
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(E.status(s).toAct).toEqual([1])
    expect(E.legalActions(s, 1)).toEqual([{ type: 'ability' }, PASS, AUTO_OFF]) // the Defensive Sandbox cannot answer
    const r = act(s, 1, { type: 'ability' }).state // Brace: +2 DEF
    expect(stats(r, 1).def).toBe(4 + 1 + 2)
  })

  it('CN-4.4 the ability is once per round', () => {
    const { state } = scenario({ seats: [{ mana: 5, field: ['sandbox'] }, { field: ['sandbox'] }] })
    let s = act(state, 0, { type: 'ability' }).state
    s = act(s, 1, PASS).state // seat 1 passes its turn
    expect(E.status(s).toAct).toEqual([0])
    expect(isListed(E, s, 0, { type: 'ability' })).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'ability' }).rule).toBe('CN-4.4')
    const next = endRound(s).state
    expect(next.players[0]!.abilityUsed).toBe(false)
  })

  it('CN-4.5 CN-4.6 CN-4.7 passives are always on and free', () => {
    const { state, uid } = scenario({
      seats: [{ avatar: 'razorjack', field: ['data-spike', 'sandbox'] }, { field: ['sandbox'] }],
    })
    expect(stats(state, 1).def).toBe(5) // Bastion-9: DEF 4, +1 DEF
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(stats(s, 0).atk).toBe(10) // Razorjack: +1 ATK after an Offensive card
    expect(s.players[0]!.mana).toBe(0)
    const w = scenario({ seats: [{}, { avatar: 'warden-lux', life: 20 }] })
    const after = endRound(w.state)
    expect(after.events.some(e => e.type === 'heal' && e.seat === 1 && e.n === 1)).toBe(true)
  })

  it('CN-2.4 CN-4.1 CN-4.4 the avatar ability is its Unique Ability: one power per avatar, once per round, usable again the next round', () => {
    const { state } = scenario({
      seats: [{ mana: 8, avatar: 'razorjack', field: ['sandbox'] }, { field: ['sandbox'] }],
    })
    const powers = (s: CNState) =>
      E.legalActions(s, 0).filter(a => a.type !== 'activate' && a.type !== 'pass' && a.type !== 'setAutoPass')
    expect(powers(state)).toEqual([{ type: 'ability' }])
    expect(expectRejected(E, state, 0, { type: 'unique' } as never).rule).toBe('CN-6.7')
    const unique = E.cards().filter(
      c => c.type === 'unique-ability' && (c.data as { avatar: string }).avatar === 'razorjack',
    )
    expect(unique.map(c => c.name)).toEqual(['Edge Rush'])
    let s = act(state, 0, { type: 'ability' }).state // Edge Rush: 2 damage
    expect(s.players[1]!.life).toBe(28)
    s = act(s, 1, PASS).state
    expect(E.status(s).toAct).toEqual([0])
    expect(powers(s)).toEqual([])
    s = endRound(s).state
    for (const seat of [0, 1])
      s = act(
        s,
        seat,
        E.legalActions(s, seat).find(a => a.type === 'place')!,
      ).state
    if (E.status(s).toAct[0] === 1) s = act(s, 1, PASS).state
    expect(E.status(s).toAct).toEqual([0])
    expect(powers(s)).toEqual([{ type: 'ability' }])
  })
})

describe('CN-5 coal, Burn, Steampunk and Use', () => {
  it('CN-5.1 CN-5.2 coal sits on equipped cards, at most 3 per card', () => {
    const { state, uid } = scenario({
      seats: [
        { avatar: 'copper-duchess', field: ['stoke-the-fire'], mana: 1, equipped: [{ card: 'turbo-boots', coal: 2 }] },
        {},
      ],
    })
    const s = act(state, 0, activate(uid(0, 'stoke-the-fire'))).state
    expect(s.players[0]!.lasting[0]!.coal).toBe(3)
  })

  it('CN-5.3 cards say when they gain coal: at the start of a round, or on an activation', () => {
    const { state, uid } = scenario({
      seats: [
        {
          field: ['ping', 'sandbox'],
          equipped: [
            { card: 'turbo-boots', left: 3 },
            { card: 'signal-booster', left: 3 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'ping'))).state
    expect(s.players[0]!.lasting.map(l => l.coal)).toEqual([0, 1]) // Signal Booster: on an Ability
    s = endRound(s).state
    expect(s.players[0]!.lasting.map(l => l.coal)).toEqual([1, 1]) // Turbo Boots: each round
  })

  it('CN-5.4 some cards cost coal', () => {
    const none = scenario({ seats: [{ avatar: 'copper-duchess', field: ['furnace-blast'], mana: 5 }, {}] })
    expect(isListed(E, none.state, 0, activate(none.uid(0, 'furnace-blast')))).toBe(false)
    expect(expectRejected(E, none.state, 0, activate(none.uid(0, 'furnace-blast'))).rule).toBe('CN-5.4')
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['furnace-blast', 'sandbox'],
          mana: 5,
          equipped: [{ card: 'coal-furnace', coal: 2 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const s = act(state, 0, activate(uid(0, 'furnace-blast'))).state
    expect(s.players[0]!.lasting[0]!.coal).toBe(1)
    expect(s.players[1]!.life).toBe(25)
  })

  it('CN-5.5 Burn X spends X coal for the Burn bonus', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['boiler-punch', 'sandbox'],
          mana: 2,
          equipped: [{ card: 'coal-furnace', coal: 1 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const u = uid(0, 'boiler-punch')
    const s = act(state, 0, activate(u, false, true)).state
    expect(s.players[1]!.life).toBe(25)
    expect(s.players[0]!.lasting[0]!.coal).toBe(0)
    const none = scenario({ seats: [{ avatar: 'copper-duchess', field: ['boiler-punch'], mana: 2 }, {}] })
    expect(expectRejected(E, none.state, 0, activate(none.uid(0, 'boiler-punch'), false, true)).rule).toBe('CN-5.5')
  })

  it('CN-5.6 coal is paid first from equipped cards that do not use coal', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['steam-lance', 'sandbox'],
          mana: 1,
          equipped: [
            { card: 'steam-piston', coal: 3 },
            { card: 'coal-furnace', coal: 1 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    const s = act(state, 0, activate(uid(0, 'steam-lance'), false, true)).state // Burn 2
    expect(s.players[0]!.lasting.map(l => [s.cards[l.uid], l.coal])).toEqual([
      ['steam-piston', 2],
      ['coal-furnace', 0],
    ])
  })

  it('CN-5.6 the player chooses which equipped cards pay the coal, but only within the order of the rule', () => {
    // two cards that do not use coal: either may pay Burn 1; the Steam Piston (uses coal) may not
    const a = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          mana: 2,
          field: ['boiler-punch', 'sandbox'],
          equipped: [
            { card: 'steam-piston', coal: 2 },
            { card: 'coal-furnace', coal: 1 },
            { card: 'signal-booster', coal: 1 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    const punch = a.uid(0, 'boiler-punch')
    const [piston, furnace, booster] = a.state.players[0]!.lasting.map(l => l.uid)
    const burns = E.legalActions(a.state, 0).filter(x => x.type === 'activate' && x.card === punch && x.burn)
    expect(burns).toEqual([
      { type: 'activate', card: punch, turbo: false, burn: true, coal: [furnace] },
      { type: 'activate', card: punch, turbo: false, burn: true, coal: [booster] },
    ])
    expect(E.describeAction(a.state, burns[1]!)).toBe(
      'Activate Boiler Punch with Burn 1 (2 mana, 1 coal from Signal Booster)',
    )
    const s = act(a.state, 0, burns[1]!).state
    expect(s.players[0]!.lasting.map(l => l.coal)).toEqual([2, 1, 0])
    expect(s.players[1]!.life).toBe(25)
    expect(
      expectRejected(E, a.state, 0, { type: 'activate', card: punch, turbo: false, burn: true, coal: [piston!] }).rule,
    ).toBe('CN-5.6')
    expect(expectRejected(E, a.state, 0, activate(punch, false, true)).rule).toBe('CN-5.6')
    // no coal left on cards that do not use coal: the player picks among those that do
    const b = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          mana: 2,
          field: ['boiler-punch', 'sandbox'],
          equipped: [
            { card: 'steam-piston', coal: 2 },
            { card: 'turbo-boots', coal: 1 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    const [p2, boots] = b.state.players[0]!.lasting.map(l => l.uid)
    const t = act(b.state, 0, {
      type: 'activate',
      card: b.uid(0, 'boiler-punch'),
      turbo: false,
      burn: true,
      coal: [boots!],
    }).state
    expect(t.players[0]!.lasting.map(l => [l.uid, l.coal])).toEqual([
      [p2, 2],
      [boots, 0],
    ])
    expect(stats(t, 0).atk).toBe(8 + 2 + 1) // Steam Piston keeps its 2 coal (+1 ATK each); Turbo Boots +1 ATK
    // a single possible payment is made without asking; naming it is refused as no choice
    const c = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          mana: 2,
          field: ['boiler-punch', 'sandbox'],
          equipped: [{ card: 'coal-furnace', coal: 1 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const cp = c.uid(0, 'boiler-punch')
    expect(E.legalActions(c.state, 0).filter(x => x.type === 'activate' && x.card === cp && x.burn)).toEqual([
      activate(cp, false, true),
    ])
    const only = c.state.players[0]!.lasting[0]!.uid
    expect(
      expectRejected(E, c.state, 0, { type: 'activate', card: cp, turbo: false, burn: true, coal: [only] }).rule,
    ).toBe('CN-5.6')
  })

  it('CN-5.7 coal is lost when its card leaves or is negated, unless Industrial Revolution takes it', () => {
    // negated by EMP Pulse
    const a = scenario({
      seats: [
        { field: ['emp-pulse', 'sandbox'], mana: 3 },
        { field: ['sandbox'], equipped: [{ card: 'turbo-boots', coal: 2 }] },
      ],
    })
    let s = act(a.state, 0, activateOn(a.uid(0, 'emp-pulse'), a.uid(1, 'turbo-boots', 'lasting'))).state
    expect(E.status(s).toAct).toEqual([1]) // Turbo Boots could answer with its Use
    s = act(s, 1, PASS).state
    expect(s.players[1]!.lasting).toEqual([])
    expect(s.players[1]!.void).toEqual([a.uid(1, 'turbo-boots', 'lasting')])
    // leaves at the end of its duration, coal moves to Industrial Revolution
    const b = scenario({
      seats: [
        {
          avatar: 'baron-cogsworth',
          equipped: [
            { card: 'turbo-boots', coal: 2, left: 1 },
            { card: 'industrial-revolution', coal: 0, left: 3 },
          ],
        },
        {},
      ],
    })
    s = endRound(b.state).state
    const ir = s.players[0]!.lasting.find(l => s.cards[l.uid] === 'industrial-revolution')!
    expect(s.players[0]!.lasting).toHaveLength(1)
    expect(ir.coal).toBe(2)
    // without Industrial Revolution the coal is gone
    const c = scenario({
      seats: [
        {
          equipped: [
            { card: 'turbo-boots', coal: 2, left: 1 },
            { card: 'nano-vest', left: 3 },
          ],
        },
        {},
      ],
    })
    s = endRound(c.state).state
    expect(s.players[0]!.lasting.map(l => l.coal)).toEqual([0])
  })

  it('CN-5.9 some equipment lasts one round longer on a Steampunk avatar', () => {
    const sp = scenario({
      seats: [{ avatar: 'copper-duchess', field: ['cog-shield', 'sandbox'], mana: 1 }, { field: ['sandbox'] }],
    })
    const s1 = act(sp.state, 0, activate(sp.uid(0, 'cog-shield'))).state
    expect(s1.players[0]!.lasting[0]!.left).toBe(3)
    const plain = scenario({ seats: [{ field: ['cog-shield', 'sandbox'], mana: 1 }, { field: ['sandbox'] }] })
    const s2 = act(plain.state, 0, activate(plain.uid(0, 'cog-shield'))).state
    expect(s2.players[0]!.lasting[0]!.left).toBe(2)
  })

  it('CN-5.10 CN-5.11 Use: once per round, through the avatar', () => {
    const { state, uid } = scenario({
      seats: [{ mana: 2, field: ['sandbox'], equipped: [{ card: 'plasma-cannon' }] }, { field: ['sandbox'] }],
    })
    const u = uid(0, 'plasma-cannon', 'lasting')
    let s = act(state, 0, { type: 'use', card: u }).state
    expect(s.players[1]!.life).toBe(28)
    expect(s.players[0]!.mana).toBe(1)
    expect(s.players[0]!.field).toEqual([uid(0, 'sandbox')]) // through the avatar: no armed card is used
    expect(s.players[0]!.lasting.map(l => l.uid)).toEqual([u])
    s = act(s, 1, PASS).state
    expect(isListed(E, s, 0, { type: 'use', card: u })).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'use', card: u }).rule).toBe('CN-5.10')
  })

  it('CN-5.12 Use can answer a chain', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['data-spike', 'sandbox'] },
        { field: ['sandbox'], equipped: [{ card: 'cog-shield', coal: 1 }] },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'data-spike'))).state
    const u = uid(1, 'cog-shield', 'lasting')
    expect(E.legalActions(s, 1)).toEqual([{ type: 'use', card: u }, PASS, AUTO_OFF]) // Sandbox cannot answer
    s = act(s, 1, { type: 'use', card: u }).state
    expect(stats(s, 1).def).toBe(4 + 1 + 1 + 2)
    expect(s.players[1]!.lasting[0]!.coal).toBe(0)
  })
})

describe('CN-6 round stages', () => {
  it('CN-6.1 CN-6.2 each player draws up to 4; effects change the number', () => {
    const { state } = scenario({
      seats: [{ avatar: 'razorjack' }, { equipped: [{ card: 'memory-leak', owner: 0, left: 3 }] }],
    })
    const s = endRound(state).state
    expect(s.players[0]!.hand).toHaveLength(4)
    expect(s.players[1]!.hand).toHaveLength(3) // Memory Leak: one fewer
    const ada = scenario({ seats: [{ avatar: 'sentinel-ada', equipped: [{ card: 'data-glove', left: 3 }] }, {}] })
    expect(endRound(ada.state).state.players[0]!.hand).toHaveLength(6) // passive +1, Data Glove +1
  })

  it('CN-6.3 the deck is never reshuffled: draws come off the top in order', () => {
    const s0 = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'order')
    const deckBefore = s0.players[0]!.deck.slice()
    let s = s0
    for (const seat of [0, 1])
      s = act(
        s,
        seat,
        E.legalActions(s, seat).find(a => a.type === 'place')!,
      ).state
    s = endRound(s).state
    const p = s.players[0]!
    expect(deckBefore.slice(deckBefore.length - p.deck.length)).toEqual(p.deck)
  })

  it("CN-6.3 CN-1.6 [003] L 30 a card's number says nothing of where it lay in the deck or when it was drawn", () => {
    // numbers are what other seats see of cards in play and in the Void; they must not follow the shuffled order
    let topBelowBottom = 0
    let drawnInOrder = 0
    const tops = new Set<number>()
    const N = 200
    for (let k = 0; k < N; k++) {
      const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, `numbers-${k}`)
      const p = s.players[0]!
      // the opening hand was drawn from the top: is it numbered below the deck left?
      if (Math.max(...p.hand) < Math.min(...p.deck)) drawnInOrder++
      if (p.deck[0]! < p.deck[p.deck.length - 1]!) topBelowBottom++
      tops.add(p.deck[0]!)
    }
    expect(drawnInOrder).toBeLessThan(N / 10)
    expect(topBelowBottom / N).toBeGreaterThan(0.35)
    expect(topBelowBottom / N).toBeLessThan(0.65)
    expect(tops.size).toBeGreaterThan(15)
  })

  it('CN-6.5 each player places 3 cards face down; the other seat does not see them', () => {
    let s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'prep')
    const places = E.legalActions(s, 0).filter(a => a.type === 'place')
    expect(places).toHaveLength(4) // C(4,3)
    expect(expectRejected(E, s, 0, { type: 'place', cards: s.players[0]!.hand.slice(0, 2) }).rule).toBe('CN-6.5')
    s = act(s, 0, places[0]!).state
    expect(view(s, 1).players[0].field).toBeUndefined()
    expect(view(s, 1).players[0].fieldCount).toBe(3)
    expect(view(s, 0).players[0].field).toHaveLength(3)
    expect(E.status(s).toAct).toEqual([1])
  })

  it('CN-6.5 with 3 cards or fewer and no Recycle left, the whole hand is placed without asking (Decisions)', () => {
    const { state } = scenario({
      phase: 'prep',
      seats: [
        { placed: false, hand: ['sandbox', 'ping', 'data-spike', 'patch-update'] },
        { placed: false, hand: ['sandbox', 'ping'] },
      ],
    })
    expect(E.legalActions(state, 1).map(a => a.type)).toEqual(['recycle', 'recycle', 'place'])
    const s = act(state, 1, E.legalActions(state, 1)[0]!).state
    expect(s.players[1]!.placed).toBe(true)
    expect(s.players[1]!.field).toHaveLength(2)
    expect(s.players[1]!.hand).toEqual([])
    expect(E.status(s).toAct).toEqual([0])
  })

  it('CN-6.6 the Action stage starts with the starting player', () => {
    const hand = ['sandbox', 'ping', 'data-spike']
    const { state } = scenario({
      phase: 'prep',
      first: 1,
      seats: [
        { placed: false, hand },
        { placed: false, hand },
      ],
    })
    expect(E.status(state).toAct).toEqual([0, 1])
    let s = act(
      state,
      1,
      E.legalActions(state, 1).find(a => a.type === 'place')!,
    ).state
    expect(s.phase).toBe('prep')
    s = act(
      s,
      0,
      E.legalActions(s, 0).find(a => a.type === 'place')!,
    ).state
    expect(s.phase).toBe('action')
    expect(E.status(s).toAct).toEqual([1])
    expect(E.legalActions(s, 0)).toEqual([])
  })

  it('CN-6.7 on your turn you activate one of your armed cards or pass', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike', 'sandbox'], hand: ['ping'] }, {}] })
    expect(E.legalActions(state, 0)).toEqual([
      activate(uid(0, 'data-spike')),
      activate(uid(0, 'sandbox')),
      PASS,
      AUTO_OFF,
    ])
    expect(expectRejected(E, state, 0, activate(uid(0, 'ping', 'hand'))).rule).toBe('CN-6.7')
    expect(expectRejected(E, state, 1, PASS).code).toBe('NOT_YOUR_DECISION')
  })

  it('CN-6.8 Offensive and Defensive cards only on your own turn, never as answers', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, { field: ['sandbox', 'ping'] }] })
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(E.legalActions(s, 1)).toEqual([activate(uid(1, 'ping')), PASS, AUTO_OFF])
    expect(expectRejected(E, s, 1, activate(uid(1, 'sandbox'))).rule).toBe('CN-6.8')
  })

  it('CN-6.9 Abilities can be activated on your turn or as answers', () => {
    const { state, uid } = scenario({ seats: [{ field: ['ping'] }, { field: ['ping'] }] })
    expect(isListed(E, state, 0, activate(uid(0, 'ping')))).toBe(true)
    const s = act(state, 0, activate(uid(0, 'ping'))).state
    expect(isListed(E, s, 1, activate(uid(1, 'ping')))).toBe(true)
  })

  it('CN-6.10 two passes in a row start the Climax; a pass, an activation and a pass do not', () => {
    const { state, uid } = scenario({ seats: [{ field: ['sandbox', 'data-spike'] }, { field: ['sandbox'] }] })
    let s = act(state, 0, PASS).state
    expect(s.passes).toBe(1)
    s = act(s, 1, activate(uid(1, 'sandbox'))).state
    expect(s.passes).toBe(0)
    s = act(s, 0, PASS).state // seat 1 has nothing left: passes automatically
    expect(s.round).toBe(4)
  })

  it('CN-6.10 CN-6.11 two passes in a row start the Climax even when both players still have cards to activate', () => {
    const { state, uid } = scenario({ seats: [{ field: ['sandbox'] }, { field: ['sandbox'] }] })
    let s = act(state, 0, PASS).state
    expect(E.status(s).toAct).toEqual([1])
    expect(E.legalActions(s, 1)).toEqual([activate(uid(1, 'sandbox')), PASS, AUTO_OFF])
    const out = act(s, 1, PASS)
    expect(types(out.events)).toContain('climax')
    expect(types(out.events)).not.toContain('noCardsLeft')
    s = out.state
    expect(s.round).toBe(4)
    expect(s.players[0]!.hand).toContain(uid(0, 'sandbox'))
  })

  it('CN-6.10 the Climax also starts when nobody can activate anything', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, { field: ['brute-force'] }] })
    const out = act(state, 0, activate(uid(0, 'data-spike')))
    expect(types(out.events)).toContain('climax')
    expect(out.state.round).toBe(4)
  })

  it('CN-6.10 the Climax starts as soon as nobody has a card to activate, even if an avatar ability or a Use is still possible', () => {
    const { state, uid } = scenario({
      seats: [{ field: ['data-spike'] }, { mana: 5, equipped: [{ card: 'plasma-cannon' }] }],
    })
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    // the chain can still be answered with the ability or the Use (CN-4.3, CN-5.12)
    expect(E.legalActions(s, 1)).toEqual([
      { type: 'ability' },
      { type: 'use', card: uid(1, 'plasma-cannon', 'lasting') },
      PASS,
      AUTO_OFF,
    ])
    const out = act(s, 1, PASS)
    expect(types(out.events)).toContain('noCardsLeft')
    expect(types(out.events)).toContain('climax')
    expect(out.state.round).toBe(4)
    // an armed card that cannot be paid for is still a card to activate (Decision 9), auto-pass on or off: the seat
    // is passed for, and the Climax comes from two passes
    const poor = scenario({ seats: [{ field: ['data-spike'] }, { mana: 3, field: ['brute-force'] }] })
    const t = act(act(poor.state, 0, activate(poor.uid(0, 'data-spike'))).state, 1, PASS) // Bastion-9 may answer with Brace
    expect(types(t.events)).not.toContain('climax')
    // its turn (CN-8.7): Brace is still there, so it is asked; then seat 0 is passed for
    const u = act(t.state, 1, PASS)
    expect(types(u.events)).toEqual(['pass', 'pass', 'climax', ...types(u.events).slice(3)])
    expect(types(u.events)).not.toContain('noCardsLeft')
  })

  it('CN-6.11 CN-6.12 CN-6.17 cards not activated go back to the hand at the end of the round', () => {
    const { state, uid } = scenario({ seats: [{ field: ['brute-force', 'data-spike'] }, {}] })
    const bf = uid(0, 'brute-force')
    const s = endRound(state).state
    expect(s.players[0]!.hand).toContain(bf)
    expect(s.players[0]!.field).toEqual([])
  })

  it('CN-6.13 CN-6.14 CN-6.15 Climax: both attack at once; ATK above DEF deals the difference, otherwise recoil', () => {
    // Razorjack 9/2 vs Bastion-9 6/5: Bastion loses 4, Razorjack loses 4.
    const a = scenario({ seats: [{ avatar: 'razorjack', life: 30 }, { life: 29 }] })
    const s = endRound(a.state).state
    expect([s.players[0]!.life, s.players[1]!.life]).toEqual([26, 25])
    // ATK equal to DEF: recoil of 0. Warden Lux 6/5 vs Bastion-9 6/5 + Cog Shield (DEF 6): Warden takes 0 recoil;
    // Bastion's 6 > 5 deals 1.
    const b = scenario({
      seats: [
        { avatar: 'warden-lux', life: 20 },
        { life: 20, equipped: [{ card: 'cog-shield' }] },
      ],
    })
    const t = endRound(b.state)
    expect(t.events.find(e => e.type === 'climax').loss).toEqual([1, 0])
    // recoil: Nano Vest lifts Bastion-9's DEF to 7, above Warden Lux's ATK 6
    const c = scenario({
      seats: [
        { avatar: 'warden-lux', life: 20 },
        { life: 20, equipped: [{ card: 'nano-vest' }] },
      ],
    })
    const u = endRound(c.state) // Warden 6 vs DEF 7: recoil 1 to Warden; Bastion 6 vs 5: Warden loses 1
    expect(u.events.find(e => e.type === 'climax').loss).toEqual([2, 0])
  })

  it('CN-6.14 CN-6.15 [003] L 34 ATK and DEF have no floor: a DEF below 0 widens the difference the defender loses', () => {
    // Razorjack 9/2 with Rootkit (-1 DEF) and Rust Plague (-2 DEF) on it: DEF -1; Bastion-9 6/5 deals 6 - (-1) = 7
    const a = scenario({
      seats: [
        {
          avatar: 'razorjack',
          life: 30,
          equipped: [
            { card: 'rootkit', owner: 1 },
            { card: 'rust-plague', owner: 1 },
          ],
        },
        { life: 30 },
      ],
    })
    expect(stats(a.state, 0).def).toBe(-1)
    // the views say so, and still match the published view schema
    for (const viewer of [0, 1, null]) {
      const v = E.view(a.state, viewer)
      expect(E.schemas.view.safeParse(v).success).toBe(true)
      expect((v as { players: { def: number }[] }).players[0]!.def).toBe(-1)
    }
    const climax = endRound(a.state).events.find(e => e.type === 'climax')
    expect(climax.def).toEqual([-1, 5])
    expect(climax.loss).toEqual([7, 4])
    // an ATK below 0 takes the whole difference as recoil: Spyware and Botnet on Bastion-9 (6 ATK) leave 4, and the
    // round effects of Honeypot (-2), Coolant Flush (-1) and Flash Freeze (-3) bring it to -2: against Razorjack's DEF
    // 2 it suffers 2 - (-2) = 4 as recoil, besides the 9 - 5 = 4 Razorjack deals (with a floor at 0 it suffered only 2)
    const b = scenario({
      seats: [
        { avatar: 'razorjack', life: 30 },
        {
          life: 30,
          equipped: [
            { card: 'spyware', owner: 0 },
            { card: 'botnet', owner: 0 },
          ],
        },
      ],
    })
    for (const atk of [-2, -1, -3]) b.state.fx.push({ src: -1, seat: 1, atk, def: 0 })
    expect(stats(b.state, 1).atk).toBe(-2)
    expect(endRound(b.state).events.find(e => e.type === 'climax').loss).toEqual([0, 4 + 4])
  })

  it('CN-6.18 round effects end with the round', () => {
    const { state, uid } = scenario({ seats: [{ field: ['neon-blade', 'sandbox'], mana: 2 }, { field: ['sandbox'] }] })
    const s = act(state, 0, activate(uid(0, 'neon-blade'))).state
    expect(stats(s, 0).atk).toBe(10)
    const n = endRound(s).state
    expect(n.fx).toEqual([])
    expect(stats(n, 0).atk).toBe(7)
  })

  it('CN-6.19 CN-9.1 equipment goes to the Void when its duration ends', () => {
    const { state, uid } = scenario({ seats: [{ equipped: [{ card: 'nano-vest', left: 2 }] }, {}] })
    const u = uid(0, 'nano-vest', 'lasting')
    let s = endRound(state).state
    expect(s.players[0]!.lasting.map(l => l.uid)).toEqual([u])
    s.players.forEach(p => (p.placed = true))
    s.phase = 'action'
    s = endRound(s).state
    expect(s.players[0]!.lasting).toEqual([])
    expect(s.players[0]!.void).toEqual([u])
  })
})

describe('CN-7 starting player', () => {
  it('CN-7.1 Offensive before Moderate before Defensive', () => {
    const deck = (avatar: string) => ({ ...sampleDeck('Firewall Fortress'), avatar })
    expect(E.setup([deck('bastion-9'), deck('sentinel-ada')], {}, 'a').first).toBe(1)
    expect(E.setup([deck('sentinel-ada'), deck('bastion-9')], {}, 'a').first).toBe(0)
    expect(E.setup([deck('cipher-monk'), deck('razorjack')], {}, 'a').first).toBe(1)
  })

  it('CN-7.2 same type: a coin flip decides (seeded)', () => {
    const d = sampleDeck('Neon Assault')
    const firsts = new Set(Array.from({ length: 20 }, (_, i) => E.setup([d, d], {}, `coin${i}`).first))
    expect(firsts).toEqual(new Set([0, 1]))
    expect(E.setup([d, d], {}, 'same').first).toBe(E.setup([d, d], {}, 'same').first)
  })

  it('CN-7.3 the starting player alternates every round', () => {
    const { state } = scenario({ first: 0 })
    const s = endRound(state).state
    expect(s.first).toBe(1)
  })
})

describe('CN-8 chains', () => {
  it('CN-8.1 CN-8.2 an activation opens a chain the other player may answer', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, { field: ['ping'] }] })
    const s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(s.chain).toHaveLength(1)
    expect(E.status(s).toAct).toEqual([1])
    expect(view(s, null).chain[0].card).toBe('data-spike')
  })

  it('CN-8.3 CN-8.4 answers alternate; the chain resolves from the last card to the first', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike', 'quick-patch'], mana: 1 }, { field: ['ping'] }] })
    let s = act(state, 0, activate(uid(0, 'data-spike'))).state
    s = act(s, 1, activate(uid(1, 'ping'))).state
    expect(E.status(s).toAct).toEqual([0])
    const out = act(s, 0, activate(uid(0, 'quick-patch')))
    const resolved = out.events.filter((e: any) => e.type === 'resolved').map((e: any) => e.card)
    expect(resolved).toEqual(['quick-patch', 'ping', 'data-spike'])
    expect(out.state.chain).toEqual([])
  })

  it('CN-8.4 a seat that does not answer lets the chain resolve', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike'] }, { field: ['ping'] }] })
    let s = act(state, 0, activate(uid(0, 'data-spike'))).state
    s = act(s, 1, PASS).state
    expect(s.chain).toEqual([])
    expect(s.players[1]!.life).toBe(29)
  })

  it('CN-8.2 CN-8.3 CN-8.4 with auto-pass on, a seat with no real answer is not asked: the chain resolves at once', () => {
    // Bastion-9 has only a Defensive card and no mana for Brace: it cannot answer Data Spike
    const a = scenario({ seats: [{ field: ['data-spike', 'sandbox'] }, { field: ['sandbox'] }] })
    const out = act(a.state, 0, activate(a.uid(0, 'data-spike')))
    expect(out.state.chain).toEqual([])
    expect(types(out.events)).toEqual(['activated', 'noAnswer', 'damage', 'resolved'])
    expect(out.state.players[1]!.life).toBe(29)
    expect(E.status(out.state).toAct).toEqual([1]) // now as the turn player (CN-8.7), not as a responder
    // the opener cannot answer the answer (no Ability armed, no mana for Scan): it is not asked either
    const b = scenario({ seats: [{ field: ['data-spike', 'sandbox'] }, { field: ['ping', 'sandbox'] }] })
    let s = act(b.state, 0, activate(b.uid(0, 'data-spike'))).state
    expect(E.status(s).toAct).toEqual([1])
    const r = act(s, 1, activate(b.uid(1, 'ping')))
    s = r.state
    expect(s.chain).toEqual([])
    expect(r.events.filter((e: any) => e.type === 'resolved').map((e: any) => e.card)).toEqual(['ping', 'data-spike'])
    expect(E.status(s).toAct).toEqual([1])
  })

  it('CN-8.5 a negated card does nothing (and still goes to the Void)', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['brute-force', 'sandbox'], mana: 5 },
        { field: ['counter-hack', 'sandbox'], mana: 2 },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'brute-force'))).state
    s = act(s, 1, activate(uid(1, 'counter-hack'))).state
    expect(s.players[1]!.life).toBe(30)
    expect(s.players[0]!.active).toEqual([uid(0, 'brute-force')])
  })

  it('CN-8.6 negating a card that already resolved ends its continuous effects', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['neon-blade', 'sandbox'], mana: 2 },
        { field: ['rollback'], mana: 2 },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'neon-blade'))).state
    s = act(s, 1, PASS).state
    expect(stats(s, 0).atk).toBe(10)
    s = act(s, 1, activate(uid(1, 'rollback'))).state
    expect(stats(s, 0).atk).toBe(7)
    // an equipment that resolved is removed when negated later
    const e = scenario({
      seats: [
        { field: ['nano-vest', 'sandbox'], mana: 2 },
        { field: ['rollback'], mana: 2 },
      ],
    })
    let t = act(e.state, 0, activate(e.uid(0, 'nano-vest'))).state
    t = act(t, 1, PASS).state
    expect(stats(t, 0).def).toBe(6)
    t = act(t, 1, activate(e.uid(1, 'rollback'))).state
    expect(stats(t, 0).def).toBe(4)
    expect(t.players[0]!.void).toEqual([e.uid(0, 'nano-vest')])
  })

  it("CN-8.6 CN-5.7 EMP Pulse: the player chooses which of the opponent's equipped cards it negates", () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['emp-pulse', 'sandbox'], mana: 3, equipped: [{ card: 'spyware', owner: 1 }] },
        { field: ['sandbox'], equipped: [{ card: 'nano-vest', coal: 2 }, { card: 'data-glove' }] },
      ],
    })
    const emp = uid(0, 'emp-pulse')
    const [spy, vest, glove] = [
      uid(0, 'spyware', 'lasting'),
      uid(1, 'nano-vest', 'lasting'),
      uid(1, 'data-glove', 'lasting'),
    ]
    const choices = E.legalActions(state, 0).filter(a => a.type === 'activate' && a.card === emp)
    expect(choices).toEqual([spy, vest, glove].map(target => activateOn(emp, target)))
    // without a target, or with one of your own cards, the activation is refused
    expect(expectRejected(E, state, 0, activate(emp)).rule).toBe('CN-8.6')
    expect(expectRejected(E, state, 0, activateOn(emp, uid(0, 'sandbox'))).rule).toBe('CN-8.6')
    const s = act(state, 0, activateOn(emp, vest)).state
    expect(s.players[1]!.lasting.map(l => l.uid)).toEqual([glove])
    expect(s.players[0]!.lasting.map(l => l.uid)).toEqual([spy])
    expect(s.players[1]!.void).toEqual([vest])
    expect(E.view(s, null)).toMatchObject({
      players: [{ equipped: [{ card: 'spyware' }] }, { equipped: [{ card: 'data-glove' }] }],
    })
    // with nothing to target, EMP Pulse can still be activated (it does nothing)
    const bare = scenario({ seats: [{ field: ['emp-pulse', 'sandbox'], mana: 3 }, { field: ['sandbox'] }] })
    expect(E.legalActions(bare.state, 0)[0]).toEqual(activate(bare.uid(0, 'emp-pulse')))
  })

  it('CN-8.6 a targeted equipped card that left before EMP Pulse resolves is not replaced by another', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['emp-pulse', 'emp-pulse', 'sandbox'], mana: 6 },
        { field: ['ping', 'sandbox'], equipped: [{ card: 'nano-vest' }, { card: 'data-glove' }] },
      ],
    })
    const glove = uid(1, 'data-glove', 'lasting')
    const [emp1, emp2] = state.players[0]!.field.filter(u => state.cards[u] === 'emp-pulse')
    let s = act(state, 0, activateOn(emp1!, glove)).state
    expect(E.view(s, 1)).toMatchObject({ chain: [{ card: 'emp-pulse', target: { uid: glove, card: 'data-glove' } }] })
    s = act(s, 1, activate(uid(1, 'ping'))).state
    s = act(s, 0, activateOn(emp2!, glove)).state // resolves first and removes the Data Glove
    expect(s.chain).toEqual([])
    expect(s.players[1]!.lasting.map(l => s.cards[l.uid])).toEqual(['nano-vest'])
  })

  it('CN-8.7 after the chain resolves it is the turn of the opponent of whoever opened it', () => {
    const { state, uid } = scenario({ seats: [{ field: ['data-spike', 'sandbox'] }, { field: ['ping', 'sandbox'] }] })
    let s = act(state, 0, activate(uid(0, 'data-spike'))).state
    s = act(s, 1, activate(uid(1, 'ping'))).state
    expect(s.chain).toEqual([])
    expect(E.status(s).toAct).toEqual([1])
    expect(s.turn).toBe(1)
  })
})

describe('CN-9 lasting cards', () => {
  it('CN-9.2 CN-9.3 equipment stays on your avatar; infections on the opponent', () => {
    const { state, uid } = scenario({ seats: [{ field: ['nano-vest', 'spyware'], mana: 3 }, { field: ['sandbox'] }] })
    let s = act(state, 0, activate(uid(0, 'nano-vest'))).state
    s = act(s, 1, PASS).state
    s = act(s, 0, activate(uid(0, 'spyware'))).state
    expect(s.players[0]!.lasting.map(l => s.cards[l.uid])).toEqual(['nano-vest'])
    expect(s.players[1]!.lasting.map(l => [s.cards[l.uid], l.owner])).toEqual([['spyware', 0]])
    expect(stats(s, 1).atk).toBe(5) // Bastion-9 ATK 6, Spyware -1
  })

  it('CN-9.4 CN-9.5 one copy per avatar: another copy renews the duration without adding its effect', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['nano-vest', 'sandbox'], mana: 2, equipped: [{ card: 'nano-vest', left: 1 }] },
        { field: ['sandbox'] },
      ],
    })
    const s = act(state, 0, activate(uid(0, 'nano-vest'))).state
    expect(s.players[0]!.lasting).toHaveLength(1)
    expect(s.players[0]!.lasting[0]!.left).toBe(2)
    expect(stats(s, 0).def).toBe(6)
    expect(s.players[0]!.active).toEqual([uid(0, 'nano-vest')])
  })
})

describe('Decision 6: coal ties are the player’s choice', () => {
  const coalOf = (s: CNState, seat = 0) => s.players[seat]!.lasting.map(l => [s.cards[l.uid], l.coal])
  const pick = (card: number) => ({ type: 'pickCoal' as const, card })

  it('CN-5.3 a tie for the least coal (Stoke the Fire) waits for its player, who gets one action per tied card', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['stoke-the-fire', 'sandbox'],
          mana: 1,
          equipped: [{ card: 'nano-vest' }, { card: 'data-glove' }, { card: 'coal-furnace', coal: 2 }],
        },
        { field: ['sandbox'] },
      ],
    })
    const vest = uid(0, 'nano-vest', 'lasting')
    const glove = uid(0, 'data-glove', 'lasting')
    const furnace = uid(0, 'coal-furnace', 'lasting')
    const out = act(state, 0, activate(uid(0, 'stoke-the-fire')))
    let s = out.state
    // the chain resolved up to the tie; nothing is put on a card yet
    expect(coalOf(s)).toEqual([
      ['nano-vest', 0],
      ['data-glove', 0],
      ['coal-furnace', 2],
    ])
    expect(E.status(s).toAct).toEqual([0])
    expect(E.legalActions(s, 0)).toEqual([pick(vest), pick(glove)])
    expect(E.legalActions(s, 1)).toEqual([])
    expect(out.events.at(-1)).toMatchObject({
      type: 'coalTie',
      seat: 0,
      what: 'coal',
      n: 2,
      cards: ['nano-vest', 'data-glove'],
    })
    expect(E.describeAction(s, pick(glove))).toBe('Put 2 coal on Data Glove (tied for the least coal)')
    expect(E.publicAction!(pick(glove))).toEqual({ type: 'pickCoal', card: glove })
    // a wrong pick, another action, or the other seat: refused, nothing changes
    expect(expectRejected(E, s, 0, pick(furnace)).rule).toBe('CN-5.3')
    expect(expectRejected(E, s, 0, pick(uid(0, 'sandbox'))).rule).toBe('CN-5.3')
    expect(expectRejected(E, s, 0, PASS).rule).toBe('CN-5.3')
    expect(expectRejected(E, s, 1, pick(glove)).code).toBe('NOT_YOUR_DECISION')
    const picked = act(s, 0, pick(glove))
    s = picked.state
    expect(coalOf(s)).toEqual([
      ['nano-vest', 0],
      ['data-glove', 2],
      ['coal-furnace', 2],
    ])
    expect(s.pending).toBeUndefined()
    // the events of the steps before the tie are not repeated
    expect(types(picked.events)).toEqual(['coal', 'resolved'])
    expect(E.status(s).toAct).toEqual([1])
    // the other pick puts the coal on the other card
    expect(coalOf(act(out.state, 0, pick(vest)).state)).toEqual([
      ['nano-vest', 2],
      ['data-glove', 0],
      ['coal-furnace', 2],
    ])
    // a pick when there is no tie
    expect(expectRejected(E, s, 1, pick(glove)).rule).toBe('CN-5.3')
  })

  it('CN-5.3 CN-5.2 without a tie nobody is asked: the card with the least coal that has room gets it', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['stoke-the-fire', 'sandbox'],
          mana: 1,
          equipped: [
            { card: 'nano-vest', coal: 3 },
            { card: 'data-glove', coal: 1 },
            { card: 'coal-furnace', coal: 2 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    const s = act(state, 0, activate(uid(0, 'stoke-the-fire'))).state
    expect(s.pending).toBeUndefined()
    expect(coalOf(s)).toEqual([
      ['nano-vest', 3],
      ['data-glove', 3],
      ['coal-furnace', 2],
    ])
    expect(E.status(s).toAct).toEqual([1])
  })

  it('CN-5.7 Coal Shovel: a tie for the most coal, then one for the least, are both the player’s choice', () => {
    const { state, uid } = scenario({
      seats: [
        {
          field: ['coal-shovel', 'sandbox'],
          mana: 1,
          equipped: [
            { card: 'nano-vest', coal: 2 },
            { card: 'data-glove', coal: 2 },
            { card: 'coal-furnace' },
            { card: 'cog-shield' },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    const glove = uid(0, 'data-glove', 'lasting')
    const shield = uid(0, 'cog-shield', 'lasting')
    let s = act(state, 0, activate(uid(0, 'coal-shovel'))).state
    expect(E.legalActions(s, 0)).toEqual([pick(uid(0, 'nano-vest', 'lasting')), pick(glove)])
    expect(E.describeAction(s, pick(glove))).toBe('Move the coal from Data Glove (tied for the most coal)')
    expect(expectRejected(E, s, 0, pick(shield)).rule).toBe('CN-5.7')
    s = act(s, 0, pick(glove)).state
    expect(s.pending?.what).toBe('moveTo')
    expect(E.legalActions(s, 0)).toEqual([pick(uid(0, 'coal-furnace', 'lasting')), pick(shield)])
    expect(E.describeAction(s, pick(shield))).toBe('Move the coal to Cog Shield (tied for the least coal)')
    const out = act(s, 0, pick(shield))
    s = out.state
    expect(coalOf(s)).toEqual([
      ['nano-vest', 2],
      ['data-glove', 0],
      ['coal-furnace', 0],
      ['cog-shield', 2],
    ])
    expect(out.events.find(e => e.type === 'coalMoved')).toMatchObject({ from: 'data-glove', to: 'cog-shield', n: 2 })
    expect(E.status(s).toAct).toEqual([1])
  })

  it('CN-5.7 CN-5.2 Coal Shovel asks nothing when the move cannot happen or has one way', () => {
    // both cards are full: nowhere to move, whichever gives
    const full = scenario({
      seats: [
        {
          field: ['coal-shovel', 'sandbox'],
          mana: 1,
          equipped: [
            { card: 'nano-vest', coal: 3 },
            { card: 'data-glove', coal: 3 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    let s = act(full.state, 0, activate(full.uid(0, 'coal-shovel'))).state
    expect(s.pending).toBeUndefined()
    expect(coalOf(s)).toEqual([
      ['nano-vest', 3],
      ['data-glove', 3],
    ])
    // one card with the most, one with the least
    const one = scenario({
      seats: [
        {
          field: ['coal-shovel', 'sandbox'],
          mana: 1,
          equipped: [
            { card: 'nano-vest', coal: 1 },
            { card: 'data-glove', coal: 3 },
            { card: 'coal-furnace', coal: 2 },
          ],
        },
        { field: ['sandbox'] },
      ],
    })
    s = act(one.state, 0, activate(one.uid(0, 'coal-shovel'))).state
    expect(s.pending).toBeUndefined()
    expect(coalOf(s)).toEqual([
      ['nano-vest', 3],
      ['data-glove', 1],
      ['coal-furnace', 2],
    ])
  })

  it('CN-5.3 CN-4.5 a passive’s tie at the start of a round (Copper Duchess) is asked before Preparation goes on', () => {
    const { state } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          equipped: [
            { card: 'nano-vest', left: 3 },
            { card: 'data-glove', left: 3 },
          ],
        },
        {},
      ],
    })
    // nobody has a card: the round ends at once, and the next one starts with the passive's coal
    let s = act(state, 0, PASS).state
    expect(s.round).toBe(4)
    expect(E.status(s).toAct).toEqual([0])
    expect(s.pending?.what).toBe('coal')
    const glove = s.pending!.options[1]!
    s = act(s, 0, pick(glove)).state
    expect(coalOf(s)).toEqual([
      ['nano-vest', 0],
      ['data-glove', 1],
    ])
    expect(s.phase).toBe('prep')
    expect(E.status(s).toAct).toEqual([0, 1])
  })

  it('CN-5.3 CN-4.5 a passive’s tie on an activation (Madame Gaskette) is asked with the chain open, then the chain goes on', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'madame-gaskette',
          field: ['sandbox', 'data-spike'],
          equipped: [{ card: 'nano-vest' }, { card: 'data-glove' }],
        },
        { field: ['ping'] },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'sandbox'))).state
    expect(s.chain.length).toBe(1)
    expect(E.status(s).toAct).toEqual([0])
    s = act(s, 0, pick(uid(0, 'nano-vest', 'lasting'))).state
    expect(coalOf(s)).toEqual([
      ['nano-vest', 1],
      ['data-glove', 0],
    ])
    // seat 1 may now answer with Ping
    expect(E.status(s).toAct).toEqual([1])
    expect(E.legalActions(s, 1).map(a => a.type)).toEqual(['activate', 'pass', 'setAutoPass'])
  })

  it('CN-5.3 CN-1.7 a match with coal picks replays to the same state from its log', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['stoke-the-fire', 'sandbox'],
          mana: 1,
          equipped: [{ card: 'nano-vest' }, { card: 'data-glove' }],
        },
        { field: ['sandbox'] },
      ],
    })
    const a = act(state, 0, activate(uid(0, 'stoke-the-fire'))).state
    const b = act(a, 0, E.legalActions(a, 0)[1]!).state
    const again = act(
      JSON.parse(JSON.stringify(act(state, 0, activate(uid(0, 'stoke-the-fire'))).state)),
      0,
      E.legalActions(a, 0)[1]!,
    ).state
    expect(again).toEqual(b)
    expect(E.view(a, 1)).not.toHaveProperty('pending.base')
    expect(JSON.stringify(E.view(a, 1))).not.toContain('"base"')
  })
})

describe('life, negation and triggers, read literally', () => {
  it('CN-1.2 35 is the starting life, not a cap: healing takes an avatar above it (Decision 19)', () => {
    const { state, uid } = scenario({ seats: [{ life: 34, mana: 3, field: ['reboot', 'sandbox'] }, {}] })
    const out = act(state, 0, activate(uid(0, 'reboot')))
    expect(out.state.players[0]!.life).toBe(39)
    expect(out.events.find((e: any) => e.type === 'heal')).toEqual({ type: 'heal', seat: 0, n: 5, life: 39 })
  })

  it('CN-8.6 EMP Pulse on an equipment whose Use resolved this round ends the ATK that Use gave', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['sandbox'], equipped: [{ card: 'turbo-boots', coal: 1 }] },
        { mana: 3, field: ['emp-pulse', 'sandbox'], abilityUsed: true },
      ],
    })
    const boots = uid(0, 'turbo-boots', 'lasting')
    let s = act(state, 0, { type: 'use', card: boots }).state
    s = act(s, 1, PASS).state
    expect(stats(s, 0).atk).toBe(10) // Sentinel Ada 7, Turbo Boots +1, its Use +2
    s = act(s, 1, activateOn(uid(1, 'emp-pulse'), boots)).state
    expect(s.players[0]!.lasting).toEqual([])
    expect(stats(s, 0).atk).toBe(7)
  })

  it('CN-8.6 Rollback of an equipment that resolved this round ends its Use’s ATK too; other round effects stay', () => {
    const { state, uid } = scenario({
      seats: [
        { avatar: 'copper-duchess', mana: 5, field: ['turbo-boots', 'sandbox'] },
        { mana: 2, field: ['rollback', 'sandbox'], abilityUsed: true },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'turbo-boots'))).state
    s = act(s, 1, PASS).state // Turbo Boots resolves
    s = act(s, 1, PASS).state // seat 1's turn
    s = act(s, 0, { type: 'ability' }).state // Pressure Release: +1 ATK, 1 coal on Turbo Boots
    s = act(s, 1, PASS).state
    s = act(s, 1, PASS).state
    s = act(s, 0, { type: 'use', card: uid(0, 'turbo-boots') }).state
    s = act(s, 1, PASS).state
    expect(stats(s, 0).atk).toBe(12) // Copper Duchess 8, Turbo Boots +1, Pressure Release +1, the Use +2
    s = act(s, 1, activate(uid(1, 'rollback'))).state
    expect(s.players[0]!.void).toContain(uid(0, 'turbo-boots'))
    expect(stats(s, 0).atk).toBe(9) // Pressure Release is not Turbo Boots' effect: it stays
  })

  it('CN-8.5 a Use whose card is negated before the Use resolves does nothing (Decision 22)', () => {
    const { state, uid } = scenario({
      seats: [
        { field: ['sandbox'], equipped: [{ card: 'turbo-boots', coal: 1 }] },
        { mana: 3, field: ['emp-pulse'], abilityUsed: true },
      ],
    })
    const boots = uid(0, 'turbo-boots', 'lasting')
    const s = act(state, 0, { type: 'use', card: boots }).state
    const out = act(s, 1, activateOn(uid(1, 'emp-pulse'), boots))
    expect(out.events.filter((e: any) => e.type === 'resolved')).toEqual([
      { type: 'resolved', seat: 1, card: 'emp-pulse' },
      { type: 'resolved', seat: 0, power: 'use', negated: true },
    ])
    expect(stats(out.state, 0).atk).toBe(7)
  })

  it('CN-5.3 CN-5.6 Rust Plague says what its coal does: fuel for its owner, paid from the opponent’s avatar it sits on', () => {
    const { state, uid } = scenario({
      seats: [
        { avatar: 'baron-cogsworth', mana: 2, field: ['boiler-punch', 'sandbox'] },
        { equipped: [{ card: 'rust-plague', owner: 0, coal: 1 }] },
      ],
    })
    expect(isListed(E, state, 0, activate(uid(0, 'boiler-punch'), false, true))).toBe(true)
    const out = act(state, 0, activate(uid(0, 'boiler-punch'), false, true))
    expect(out.events.filter((e: any) => e.type === 'damage').map((e: any) => e.n)).toEqual([2, 3]) // Burn 1: 3 more
    expect(out.state.players[1]!.lasting[0]!.coal).toBe(0)
  })

  it('CN-4.5 CN-8.5 a passive triggers on the activation: Razorjack keeps its +1 ATK when the Offensive card is negated (Decision 23)', () => {
    const { state, uid } = scenario({
      seats: [
        { avatar: 'razorjack', field: ['data-spike', 'sandbox'] },
        { mana: 2, field: ['counter-hack'] },
      ],
    })
    let s = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(stats(s, 0).atk).toBe(10)
    s = act(s, 1, activate(uid(1, 'counter-hack'))).state
    expect(s.players[1]!.life).toBe(30) // Data Spike did nothing
    expect(stats(s, 0).atk).toBe(10)
  })

  it('CN-4.5 a passive triggers on the activation: Baron Cogsworth’s first equipment is not yet in play to take the coal (Decision 23)', () => {
    const { state, uid } = scenario({
      seats: [{ avatar: 'baron-cogsworth', mana: 3, field: ['nano-vest', 'data-glove'] }, {}],
    })
    let out = act(state, 0, activate(uid(0, 'nano-vest')))
    expect(out.events.some((e: any) => e.type === 'coal')).toBe(false)
    out = act(out.state, 0, activate(uid(0, 'data-glove'))) // seat 1 had nothing and was passed for
    expect(out.state.players[0]!.lasting.map(l => [out.state.cards[l.uid], l.coal])).toEqual([
      ['nano-vest', 1],
      ['data-glove', 0],
    ])
  })
})
