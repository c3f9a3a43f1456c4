// Spending a status token: what each spend does (DT-8.9, DT-13.8, DT-13.11, DT-13.15, DT-13.16, DT-13.19, DT-13.23,
// DT-13.27, DT-13.29).
import type { DTAction, DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { draw } from './players.ts'
import { gainStatus, loseStatus } from './statuses.ts'
import { setDie } from './dice.ts'

export function doSpend(s: DTState, seat: number, a: Extract<DTAction, { type: 'spend' }>, c: Ctx) {
  const pl = s.p[seat]!
  const atk = s.atk
  c.ev.push({ type: 'spend', seat, status: a.status })
  switch (a.status) {
    case 'electrokinesis':
      loseStatus(s, seat, 'electrokinesis', 4, c)
      pl.ekUsed = true
      draw(s, seat, 1, c)
      return
    case 'guard-break': {
      loseStatus(s, seat, 'guard-break', 1, c)
      atk!.guardBreak = true
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'guard-break' })
      if (d === 4 || d === 5) atk!.damageType = 'undefendable' // DT-13.15
      return
    }
    case 'crackle': {
      loseStatus(s, seat, 'crackle', 1, c)
      const kinds = Object.keys(s.p[atk!.to]!.st).length
      atk!.addedDamage += 2 * kinds
      return
    }
    case 'probability-manipulation':
      loseStatus(s, seat, 'probability-manipulation', 1, c)
      setDie(s, a.die!, a.value!, c, 'probability-manipulation')
      return
    case 'conjure': {
      loseStatus(s, seat, 'conjure', 1, c)
      loseStatus(s, a.from!, a.take!, 1, c)
      gainStatus(s, seat, a.take!, 1, c)
      return
    }
    case 'invisibility':
      loseStatus(s, seat, 'invisibility', 1, c)
      if (s.step === 'def' && s.roll && s.roll.kind === 'def') s.roll.left++
      else atk!.invisibility = true
      return
    case 'illusion':
      loseStatus(s, seat, 'illusion', 1, c)
      s.choice = { kind: 'arrange', seat }
      return
    case 'combo':
      loseStatus(s, seat, 'combo', 1, c)
      pl.comboUsed = true
      // the extra Offensive Roll Phase against the same opponent (DT-13.27) is started by the router
      return
  }
}
