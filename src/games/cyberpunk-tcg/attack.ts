// The attack (CP-9): React Step, Fight Step (CP-9.34–9.37), Steal Step (CP-9.38–9.45) and an attack ending early
// (CP-9.46–9.48).
import type { Attack, State } from './state.ts'
import {
  type Ctx,
  cred,
  credGreater,
  findUnit,
  hasStatic,
  noteBelowSteal,
  powerSum,
  trigger,
  triggerSources,
  unitPower,
} from './core.ts'
import { defeatUnits } from './defeat.ts'
import { attackTargets } from './decisions.ts'
import { reactAsked } from './responses.ts'
import { stealPrevention } from './replacements.ts'
import {
  afterFight,
  afterSteal,
  fightPower,
  keptFromFightDefeat,
  mayStealGig,
  stealsFewer,
  winsEveryFight,
} from './attack-hooks.ts'

function attackAlive(s: State, a: Attack): boolean {
  const fa = findUnit(s, a.attacker)
  if (!fa || fa[0] !== a.seat) return false
  if (a.target >= 0) {
    const ft = findUnit(s, a.target)
    if (!ft || ft[0] === a.seat) return false
    // CP-9.46 (c) [001] 58: the target must still be a valid target for the attacker (CP-9.9), checked at every step.
    // A spent Unit is one (a BLOCKER that blocked is spent); a ready Unit only while a permission holds (Valentino
    // Guerrera's, while ahead on Street Cred) or when a permission for this one attack was used (Gunpoint: CP-9.3)
    if (!ft[1].spent && !a.permittedTarget && !attackTargets(s, a.seat, fa[1]).includes(a.target)) return false
  }
  return true
}

export function unblockable(s: State, a: Attack): boolean {
  const fa = findUnit(s, a.attacker)
  if (!fa) return false
  return (
    hasStatic(s, a.attacker, fa[1].gear, 'unblockableIfLessCred') && credGreater(cred(s, 1 - a.seat), cred(s, a.seat))
  )
}

export function stepAttack(c: Ctx): boolean {
  const s = c.s
  const a = s.attack!
  if (a.step !== 'end' && a.step !== 'defeat' && !attackAlive(s, a)) {
    // CP-9.46 / 9.47: the attack ends early
    c.ev.push({ type: 'attackEnded', early: true })
    s.attack = null
    return true
  }
  switch (a.step) {
    case 'trig':
      a.step = 'react'
      return true
    case 'react':
      if (reactAsked(s, 1 - a.seat)) return false
      a.step = a.target >= 0 ? 'fight' : 'steal'
      return true
    case 'fight': {
      const fa = findUnit(s, a.attacker)!
      const ft = findUnit(s, a.target)!
      // CP-GAP-8 / CR 2.10.1: "while fighting" modifiers add to the power sum; a negative total counts as 0
      const pa = Math.max(0, powerSum(s, fa[0], fa[1]) + fightPower(s, fa[1], a.target))
      const pt = Math.max(0, powerSum(s, ft[0], ft[1]) + fightPower(s, ft[1], a.attacker))
      let aLoses = pa <= pt
      let tLoses = pt <= pa
      // CR 9.17.4: card text that wins a fight overrides the comparison
      const aWinsAll = winsEveryFight(s, fa[1], a.target)
      const tWinsAll = winsEveryFight(s, ft[1], a.attacker)
      if (aWinsAll && !tWinsAll) {
        aLoses = false
        tLoses = true
      } else if (tWinsAll && !aWinsAll) {
        aLoses = true
        tLoses = false
      }
      let tDef = tLoses && pa > 0 // CR 9.19.2: 0 power defeats nothing
      let aDef = aLoses && pt > 0
      // effects that keep a Unit from a fight's defeat are asked for both Units (a charge is used by the fight itself)
      if (keptFromFightDefeat(s, ft[0], ft[1])) tDef = false
      if (keptFromFightDefeat(s, fa[0], fa[1])) aDef = false
      c.ev.push({
        type: 'fight',
        attacker: a.attacker,
        defender: a.target,
        cards: [s.cards[a.attacker], s.cards[a.target]],
        powers: [pa, pt],
        winner: aLoses && tLoses ? null : aLoses ? a.target : a.attacker,
      })
      if (!aLoses) trigger(s, fa[0], fa[1].uid, fa[1].gear, 'WIN_FIGHT')
      if (!tLoses) trigger(s, ft[0], ft[1].uid, ft[1].gear, 'WIN_FIGHT')
      if (aLoses) trigger(s, fa[0], fa[1].uid, fa[1].gear, 'LOSE_FIGHT', a.target)
      if (tLoses) trigger(s, ft[0], ft[1].uid, ft[1].gear, 'LOSE_FIGHT', a.attacker)
      afterFight(
        c,
        { seat: fa[0], unit: fa[1], power: pa, loses: aLoses },
        { seat: ft[0], unit: ft[1], power: pt, loses: tLoses },
      )
      a.result = [aDef, tDef]
      a.step = 'defeat'
      return true
    }
    case 'defeat': {
      const list: [number, number][] = []
      if (a.result![0]) list.push([a.seat, a.attacker])
      if (a.result![1]) list.push([1 - a.seat, a.target])
      defeatUnits(c, list)
      a.step = 'end'
      return true
    }
    case 'steal': {
      const fa = findUnit(s, a.attacker)!
      const P = unitPower(s, fa[0], fa[1])
      if (a.toSteal === undefined) {
        a.toSteal = P <= 0 ? 0 : Math.floor(P / 10) + 1 // CP-9.42 / 9.43
        a.toSteal = Math.max(0, a.toSteal - stealsFewer(s, fa[1]))
        a.picked = []
      }
      const D = s.players[1 - a.seat]!
      const picked = a.picked!
      const blocked = a.blocked ?? []
      const eligible = D.gigs.filter(
        d => !picked.includes(d) && !blocked.includes(d) && mayStealGig(s, 1 - a.seat, fa[1], P, s.dice[d]!.value),
      )
      const left = a.toSteal - picked.length - blocked.length
      if (left > 0 && eligible.length > 0) {
        if (eligible.length <= left) picked.push(...eligible)
        else {
          const seen = new Set<string>()
          const opts: number[] = []
          for (const d of eligible) {
            const k = `${s.dice[d]!.size}/${s.dice[d]!.value}`
            if (!seen.has(k)) {
              seen.add(k)
              opts.push(d)
            }
          }
          if (opts.length === 1) picked.push(opts[0]!)
          else {
            s.prompt = { seat: a.seat, kind: 'steal', options: opts, label: 'choose a Gig to steal' }
            return false
          }
        }
        return true
      }
      // CR 9.23.4: "would steal" replacements of the defending player (optional: a decision per Gig)
      a.preventing = a.preventing ?? 0
      while (a.preventing < picked.length) {
        const d = picked[a.preventing]!
        if (a.preventAnswer !== undefined) {
          const ans = a.preventAnswer
          delete a.preventAnswer
          if (stealPrevention.apply(c, 1 - a.seat, ans, d)) {
            picked.splice(a.preventing, 1)
            a.blocked = [...(a.blocked ?? []), d]
            continue
          }
          a.preventing++
          continue
        }
        const opts = stealPrevention.options(s, 1 - a.seat, s.dice[d]!.value)
        if (opts) {
          s.prompt = {
            seat: 1 - a.seat,
            kind: 'prevent',
            options: opts,
            label: stealPrevention.label(s.dice[d]!.value),
          }
          return false
        }
        a.preventing++
      }
      const A = s.players[a.seat]!
      noteBelowSteal(s, a.seat, fa[1], picked)
      for (const d of picked) {
        const left = D.gigs.slice()
        left.splice(left.indexOf(d), 1)
        D.gigs = left
        A.gigs = [...A.gigs, d]
      }
      if (picked.length) {
        // "the first time this Unit steals … each turn" counts the turn's steals, also those made before a Gear was
        // equipped
        const first = !fa[1].stole
        fa[1].stole = true
        afterSteal(s, a.seat, fa[1])
        c.ev.push({
          type: 'steal',
          seat: a.seat,
          attacker: a.attacker,
          card: s.cards[a.attacker],
          dice: picked.map(d => ({ die: d, size: s.dice[d]!.size, value: s.dice[d]!.value })),
        })
        // CP-11.5: one trigger per stolen Gig
        trigger(s, a.seat, fa[1].uid, fa[1].gear, 'STEAL_EVENT', picked[0], first ? 1 : 0)
        triggerSources(s, a.seat, 'FRIENDLY_STEAL_EVENT', picked[0], fa[1].uid)
        for (const d of picked) {
          trigger(s, a.seat, fa[1].uid, fa[1].gear, 'STEAL', d)
          triggerSources(s, a.seat, 'FRIENDLY_STEAL', d, fa[1].uid)
        }
      }
      a.step = 'end'
      return true
    }
    case 'end':
      s.attack = null
      c.ev.push({ type: 'attackEnded' })
      return true
  }
}
