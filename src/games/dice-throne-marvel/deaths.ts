// Defeat (DT-1.5): players at 0 health are out, Mjölnir held by one is recalled (DT-13.17), and the last pool standing
// wins.
import type { DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { gainStatus } from './statuses.ts'

export function checkDeaths(s: DTState, c: Ctx) {
  for (let i = 0; i < s.n; i++) {
    const pl = s.p[i]!
    if (!pl.out && s.hp[s.pool[i]!]! <= 0) {
      pl.out = true
      c.ev.push({ type: 'defeated', seat: i })
    }
  }
  // Mjölnir held by a defeated player is recalled (DT-13.17).
  for (let i = 0; i < s.n; i++) {
    const pl = s.p[i]!
    if (pl.mj >= 0 && s.p[pl.mj]!.out) {
      c.ev.push({ type: 'mjolnir', seat: i, action: 'recalled', from: pl.mj })
      pl.mj = -1
      // a recall returns the hammer to the board and grants Electrokinesis (DT-13.13)
      if (!pl.out) gainStatus(s, i, 'electrokinesis', 1, c)
    }
  }
  // how many distinct health pools still have a player standing (pool indices are 0..3)
  let pools = 0
  for (let i = 0; i < s.n; i++) if (!s.p[i]!.out) pools |= 1 << s.pool[i]!
  if ((pools & (pools - 1)) === 0) {
    s.done = true
    s.step = 'over'
    s.choice = null
    s.win = null
    s.winners = []
    for (let i = 0; i < s.n; i++) if (!s.p[i]!.out) s.winners.push(i)
    s.reason = s.winners.length ? 'last-standing' : 'draw'
    c.ev.push({ type: 'gameOver', winners: s.winners.slice(), reason: s.reason })
  }
}
