// Doing a listed action: first player and mulligans (CR 7.5, 7.9), sells, Calls, plays, Legends to the field,
// activations, attacks, blocks.
import type { CardDef } from './cards.ts'
import { cardIn } from './homebrew.ts'
import type { GameEvent } from '../../kernel/index.ts'
import type { State } from './state.ts'
import type { Action } from './actions.ts'
import {
  type Ctx,
  append,
  callLegend,
  cardPlayed,
  def,
  drawCards,
  findSlot,
  findUnit,
  firstThisTurn,
  hostOf,
  programPlayed,
  resignGame,
  rng,
  rollDie,
  spendLegend,
  spendUnit,
  trigger,
  triggerSources,
} from './core.ts'
import { endOnUnit, unitHas, useCharges } from './continuous.ts'
import { activationCost, callCost, pay, playCost, soloCost } from './payment.ts'
import { startPending } from './pending.ts'

function takeFromHand(s: State, seat: number, id: string): number {
  const p = s.players[seat]!
  const h = p.hand.slice()
  const i = h.findIndex(u => s.cards[u] === id)
  const u = h.splice(i, 1)[0]!
  p.hand = h
  return u
}

/**
 * Jackie Welles: Pour One Out For Me — counts Blue Units and Gears played (a Legend played to the field is played as a
 * Unit, CP-7.10).
 */
export function blueCheck(s: State, seat: number, d: CardDef, asUnit = false): void {
  if (d.color !== 'Blue' || (d.type !== 'Unit' && d.type !== 'Gear' && !asUnit)) return
  const p = s.players[seat]!
  if (firstThisTurn(p, 'blue-played')) triggerSources(s, seat, 'FIRST_BLUE_PLAY')
}

function drawSix(c: Ctx, seat: number): void {
  drawCards(c, seat, 6)
}

export function perform(c: Ctx, seat: number, act: Action): void {
  const s = c.s
  const p = s.players[seat]!
  switch (act.type) {
    case 'concede':
      resignGame(c, seat)
      return
    case 'goFirst': {
      s.first = act.first ? seat : 1 - seat
      c.ev.push({ type: 'firstPlayer', seat: s.first, chosenBy: seat })
      const fp = s.players[s.first]!
      fp.legends[0]!.spent = true // CR 7.7.4
      fp.legends[1]!.spent = true
      drawSix(c, s.first)
      drawSix(c, 1 - s.first)
      s.phase = 'mull'
      s.step = s.first
      return
    }
    case 'mulligan': {
      if (act.redraw) {
        const all = [...p.deck, ...p.hand]
        p.hand = []
        p.deck = rng(c).shuffle(all)
        c.ev.push({ type: 'mulligan', seat })
        drawSix(c, seat)
      }
      if (seat === s.first) s.step = 1 - s.first
      else {
        s.phase = 'start'
        s.active = s.first
        s.turn = 1
        s.step = 0
      }
      return
    }
    case 'choose': {
      const pr = s.prompt!
      s.prompt = null
      if (pr.kind === 'op') s.frames[s.frames.length - 1]!.answer = act.pick
      else if (pr.kind === 'repl') s.defeatQueue!.answer = act.pick
      else if (pr.kind === 'prevent') s.attack!.preventAnswer = act.pick
      else if (pr.kind === 'roll') {
        rollDie(c, seat, act.pick as number)
        s.step = 5
      } else if (pr.kind === 'steal') s.attack!.picked!.push(act.pick as number)
      return
    }
    case 'resolve':
      startPending(s, act.id)
      return
    case 'pass':
      c.ev.push({ type: 'pass', seat })
      s.phase = 'end'
      s.step = 0
      return
    case 'sell': {
      const u = takeFromHand(s, seat, act.card)
      append(p, 'eddies', u) // CP-8.29: face-down and ready
      p.sold = true
      c.ev.push({ type: 'sell', seat, card: act.card })
      return
    }
    case 'call':
      if (callCost(s, seat) > 0) pay(c, seat, act.pay, 1)
      callLegend(c, seat, act.slot)
      return
    case 'play': {
      const d = cardIn(s, act.card)!
      const cost = playCost(s, seat, d)
      const u = takeFromHand(s, seat, act.card)
      pay(c, seat, act.pay, cost)
      const ev: GameEvent = { type: 'play', seat, card: act.card, uid: u }
      if (act.host !== undefined) ev['host'] = act.host
      c.ev.push(ev)
      if (d.type === 'Unit') {
        p.field.push({
          uid: u,
          spent: false,
          lag: true,
          attacksWhileLagging: d.adrenaline,
          gear: [],
          powerThisTurn: 0,
          blockerThisTurn: false,
          stole: false,
        })
        trigger(s, seat, u, [], 'PLAY')
        blueCheck(s, seat, d)
        cardPlayed(s, seat, d)
      } else if (d.type === 'Gear') {
        const host = findUnit(s, act.host!)?.[1] ?? findSlot(s, act.host!)![2]
        host.gear = [...host.gear, u]
        trigger(s, seat, u, [], 'PLAY')
        blueCheck(s, seat, d)
        cardPlayed(s, seat, d)
      } else {
        // CP-7.35: the Program is outside every area while it resolves
        const ab = d.abilities.findIndex(a => a.kind === 'program')
        programPlayed(s, seat, d)
        if (d.tags.includes('BRAINDANCE')) triggerSources(s, seat, 'PLAY_BRAINDANCE')
        s.limbo = [...s.limbo, u]
        s.frames.push({ seat, card: d.id, ability: ab, source: u, next: 0, vars: {}, prog: u })
      }
      return
    }
    case 'legend': {
      const l = p.legends[act.slot]!
      const d = def(s, l.uid)
      pay(c, seat, act.pay, act.solo ? soloCost(s, seat, d.cost!) : d.cost!)
      // Nocturne: "A friendly Legend may use GO SOLO for -2 €$ this turn" — one Legend's GO SOLO uses the discount
      if (act.solo) useCharges(s, 'goSoloDiscount', seat, true)
      p.legends[act.slot] = null
      // CP-7.11: same orientation; GO SOLO: ready and may attack this turn (CR 11.25)
      p.field.push({
        uid: l.uid,
        spent: act.solo ? false : l.spent,
        lag: true,
        attacksWhileLagging: act.solo,
        gear: l.gear,
        powerThisTurn: 0,
        blockerThisTurn: false,
        stole: false,
      })
      c.ev.push({ type: 'legendToField', seat, card: d.id, uid: l.uid, solo: act.solo })
      trigger(s, seat, l.uid, l.gear, 'PLAY')
      blueCheck(s, seat, d, true) // played as a Unit (CP-7.3, CP-7.10)
      return
    }
    case 'activate': {
      const a = def(s, act.src).abilities[act.ab]!
      if (a.kind !== 'activated') return
      // an inherited (Gear bottom box) ability is the host's: the host is spent and is "this Unit"
      const hostUid = a.inherit ? hostOf(s, act.src)! : act.src
      pay(c, seat, act.pay, activationCost(s, seat, a))
      if (a.spend) {
        const fu = findUnit(s, hostUid)
        if (fu) spendUnit(c, seat, fu[1])
        else spendLegend(c, seat, findSlot(s, hostUid)![2])
      }
      c.ev.push({ type: 'activate', seat, card: s.cards[act.src], uid: act.src })
      s.frames.push({ seat, card: s.cards[act.src]!, ability: act.ab, source: hostUid, next: 0, vars: {} })
      return
    }
    case 'attack': {
      const un = findUnit(s, act.unit)![1]
      const tu = act.target === 'gigs' ? null : findUnit(s, act.target)
      s.attack = { attacker: un.uid, seat, target: act.target === 'gigs' ? -1 : act.target, step: 'trig' }
      // a ready target allowed by a permission for this one attack stays valid through it (CP-9.3, CP-9.46 c)
      if (tu && !tu[1].spent && unitHas(s, 'mayAttackReadyUnits', un.uid)) s.attack.permittedTarget = true
      const ev: GameEvent = { type: 'attack', seat, attacker: un.uid, target: act.target, card: s.cards[un.uid] }
      if (act.target !== 'gigs') ev['targetCard'] = s.cards[act.target]
      c.ev.push(ev)
      endOnUnit(s, 'mayAttackReadyUnits', un.uid)
      endOnUnit(s, 'mustAttack', un.uid) // "must attack next turn if it can" (Mox Inciters, Evelyn Parker): this attack fulfils it
      spendUnit(c, seat, un) // CP-9.12
      trigger(s, seat, un.uid, un.gear, 'ATTACK') // CP-9.20
      if (def(s, un.uid).tags.includes('ARASAKA')) {
        if (firstThisTurn(p, 'arasaka-attacked')) triggerSources(s, seat, 'FIRST_ARASAKA_ATTACK')
      }
      return
    }
    case 'block': {
      const un = findUnit(s, act.unit)![1]
      s.attack!.target = un.uid // CP-9.27
      c.ev.push({ type: 'block', seat, unit: un.uid, card: s.cards[un.uid] })
      spendUnit(c, seat, un)
      trigger(s, seat, un.uid, un.gear, 'BLOCK')
      triggerSources(s, seat, 'FRIENDLY_BLOCK', un.uid)
      return
    }
    case 'endReactions':
      s.attack!.step = s.attack!.target >= 0 ? 'fight' : 'steal'
      return
    case 'setAutoPass': {
      const others = s.auto ? s.auto.filter(x => x !== seat) : []
      // the seats in order: `others` is empty or the other seat
      s.auto = act.on ? (others.length > 0 && others[0]! < seat ? [others[0]!, seat] : [seat, ...others]) : others
      const turns = s.autoTurn?.slice() ?? [-1, -1]
      turns[seat] = s.turn
      s.autoTurn = turns
      // only the seat learns the value: a rival told of it would read its hand from every skipped window
      c.ev.push({ type: 'autoPass', seat, visibleTo: [seat], secret: { on: act.on } })
      return
    }
  }
}
