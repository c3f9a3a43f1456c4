/**
 * The chain (CN-8): links, answers alternating, resolution last to first, lasting cards arriving and renewing
 * (CN-9.2–9.5).
 */
import type { GameEvent } from '../../kernel/index.ts'
import { ABILITY_ID_OF } from './data.ts'
import type { CNState, Lasting, Link } from './state.ts'
import { avatarOf, cardOf } from './values.ts'
import { checkLife } from './end.ts'
import { type Ctx, hostOf, runOps } from './effects.ts'

export function resolveChain(s: CNState, ev: GameEvent[]): void {
  const opener = s.chain[0]!.seat
  for (let i = s.chain.length - 1; i >= 0; i--) {
    const link = s.chain[i]!
    // the link leaves the chain as it resolves (its card is then in play or active), so a state that stops for a
    // coal pick in the middle of the chain holds each card in one zone; the links below stay for negate
    s.chain.length = i
    resolveLink(s, link, i, ev)
    if (checkLife(s, ev)) {
      // The match is over; links not yet resolved stay on the chain.
      return
    }
  }
  s.chain = []
  s.responder = -1
  s.turn = 1 - opener // CN-8.7
  s.passes = 0
}

function resolveLink(s: CNState, link: Link, index: number, ev: GameEvent[]): void {
  const seat = link.seat
  const p = s.players[seat]!
  if (link.kind === 'card') {
    const card = cardOf(s, link.uid)
    if (link.negated) {
      p.active.push(link.uid) // CN-8.5: no effect; it still goes to the Void at the end of the round
      ev.push({ type: 'resolved', seat, card: card.id, negated: true })
      return
    }
    let self: Lasting | null = null
    if (card.lasting) {
      const host = card.kind === 'equipment' ? seat : 1 - seat
      const hp = s.players[host]!
      const dur =
        card.lasting.duration +
        (card.kind === 'equipment' && card.lasting.steamExtra && avatarOf(s, seat).steampunk ? 1 : 0)
      const existing = hp.lasting.find(l => s.cards[l.uid] === card.id)
      if (existing) {
        existing.left = dur // CN-9.5: renew, do not add
        p.active.push(link.uid)
        ev.push({ type: 'renewed', seat, card: card.id, host, left: dur })
      } else {
        self = { uid: link.uid, owner: seat, left: dur, coal: 0, used: false }
        hp.lasting.push(self)
        ev.push({ type: 'equipped', seat, card: card.id, host, left: dur })
      }
    } else {
      p.active.push(link.uid)
    }
    p.done.push(link.uid)
    const ctx: Ctx = { seat, src: link.uid, self, link: index, target: link.target }
    runOps(s, card.effect, ctx, ev)
    if (link.turbo && card.turbo) runOps(s, card.turbo.effect, ctx, ev)
    if (link.burn && card.burn) runOps(s, card.burn.effect, ctx, ev)
    ev.push({ type: 'resolved', seat, card: card.id })
    return
  }
  if (link.negated) {
    ev.push({ type: 'resolved', seat, power: link.kind, negated: true })
    return
  }
  if (link.kind === 'use') {
    const host = hostOf(s, link.uid)
    if (host < 0) {
      // only a negation takes an equipped card out during the round: its Use on the chain is its effect, so it does
      // not apply (CN-8.5, Decision 22)
      ev.push({ type: 'resolved', seat, power: link.kind, negated: true })
      return
    }
    const self = s.players[host]!.lasting.find(l => l.uid === link.uid)!
    runOps(s, cardOf(s, link.uid).lasting!.use!.effect, { seat, src: link.uid, self, link: index }, ev)
  } else {
    const a = avatarOf(s, seat)
    runOps(s, a.ability.effect, { seat, src: -1, self: null, link: index }, ev)
  }
  ev.push({ type: 'resolved', seat, power: link.kind })
}

export function pushLink(s: CNState, link: Link, ev: GameEvent[]): void {
  s.chain.push(link) // CN-8.1
  s.responder = 1 - link.seat // CN-8.2, CN-8.3
  ev.push({
    type: 'activated',
    seat: link.seat,
    kind: link.kind,
    card: link.uid >= 0 ? s.cards[link.uid] : null,
    ...(link.kind === 'ability' ? { ability: ABILITY_ID_OF.get(s.players[link.seat]!.avatar) } : {}),
    turbo: link.turbo,
    burn: link.burn,
    ...(link.target >= 0 ? { target: s.cards[link.target] } : {}),
    chain: s.chain.length,
  })
}
