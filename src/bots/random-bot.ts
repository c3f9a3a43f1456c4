// The random bot: uniform among the legal actions other than giving up (it never concedes nor resigns).
import type { BaseAction, Random } from '../kernel/index.ts'

/** Action types that give the game up (Cyberpunk TCG lists `concede` unless `concedeListed: false`). */
const GIVING_UP: ReadonlySet<string> = new Set(['concede', 'resign'])

/**
 * A uniform pick among the listed actions that do not give up, whatever the match options: a random bot that conceded
 * within a few moves would make "beats random" prove nothing. Only if giving up were the sole choice would it be
 * picked.
 */
export function randomChoice<A extends BaseAction>(legal: readonly A[], rng: Random): A {
  const playing = legal.filter(a => !GIVING_UP.has(a.type))
  return rng.pick(playing.length > 0 ? playing : legal)
}
