import { it } from 'vitest'
import { playouts } from '../../../bench/engines.ts'
import { E } from './helpers.ts'
import { cyberNetCards as B } from './zz-base/index.ts'
it('bench (temporary)', () => {
  const d = E.sampleDecks()
  playouts(E, [d[3]!.deck, d[3]!.deck], {}, 1)
  playouts(B, [d[3]!.deck, d[3]!.deck], {}, 1)
  for (const [i, j] of [[3, 3], [2, 3], [3, 3], [2,2]]) {
    for (const [name, eng] of [['new', E], ['old', B]] as const) {
      const f = playouts(eng as never, [d[i]!.deck, d[j]!.deck], {}, 2.5)
      console.log('BENCH', name, d[i]!.name, d[j]!.name, (f.games / f.seconds).toFixed(0), 'games/s', (f.decisions / f.seconds).toFixed(0), 'dec/s', (f.decisions / f.games).toFixed(1))
    }
  }
}, 120_000)
