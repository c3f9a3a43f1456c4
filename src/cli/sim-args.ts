// `arbiter sim` flags, parsed and checked.
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { DEFAULT_STRENGTH } from '../bots/index.ts'
import { MAX_DECISIONS } from '../bots/play-match.ts'

export const SIM_USAGE = `usage: arbiter sim --game G [--decks a,b,…] [--sets f.json,…] [--bots ismcts,greedy,…] [--games N] [--seed S]
                  [--strength K] [--rollout N|full] [--workers N] [--options JSON] [--max-decisions N] [--out DIR [--views]]

  --game       cyberpunk-tcg | dice-throne-marvel | cyber-net-cards
  --decks      sample deck names (or their start), hero/avatar ids, or .json deck files; default: the first sample deck
  --sets       homebrew card sets as .json files ({ "id", "version", "name", "cards" } as the API returns a set; id
               defaults to the file's name, version to 1), which .json decks name in their "sets"
  --bots       random | greedy | ismcts, each optionally kind:strength[:rollout] (e.g. ismcts:8, ismcts:5:full); default greedy,random
  --games      games per pairing of entrants (deck × bot), seats alternated; default 100
  --seed       the tournament seed: the same seed gives the same results whatever the worker count; default "arbiter"
  --strength   default ismcts strength, 1 to 10; default ${DEFAULT_STRENGTH}
  --rollout    ismcts playout moves before evaluate scores them, or "full" to play to the end
  --workers    worker threads; default one per core (${availableParallelism()} here)
  --options    match options as JSON; default each game's, with Cyberpunk TCG's concede not listed
  --max-decisions  a game still running after this many decisions is a draw; default ${MAX_DECISIONS}
  --out        write results.json, games.csv, the plots (win-rates.svg, first-seat.svg, game-length.svg) and
               games.jsonl (each game's seed, decks, options and action log, to replay or learn from) there
  --views      in games.jsonl, also the acting seat's view (and its observation encoding) at every decision`

const list = (s: string) =>
  s
    .split(',')
    .map(x => x.trim())
    .filter(Boolean)
const positiveInt = z.coerce.number().int().positive()

const simSchema = z.object({
  game: z.string({ error: '--game is required' }),
  decks: z.string().transform(list).optional(),
  sets: z.string().transform(list).optional(),
  bots: z.string().default('greedy,random').transform(list),
  games: positiveInt.default(100),
  seed: z.string().default('arbiter'),
  strength: z.coerce.number().int().min(1).max(10).default(DEFAULT_STRENGTH),
  rollout: z
    .string()
    .transform(s => (s === 'full' ? Infinity : Number(s)))
    .refine(n => n === Infinity || (Number.isInteger(n) && n >= 0), '--rollout is a number of moves or "full"')
    .optional(),
  workers: positiveInt.optional(),
  options: z
    .string()
    .transform(s => JSON.parse(s) as unknown)
    .optional(),
  'max-decisions': positiveInt.default(MAX_DECISIONS),
  out: z.string().optional(),
  views: z.boolean().default(false),
})
export type SimArgs = z.infer<typeof simSchema>

export function parseSimArgs(argv: string[]): SimArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: Object.fromEntries(
      Object.keys(simSchema.shape).map(k => [k, { type: k === 'views' ? ('boolean' as const) : ('string' as const) }]),
    ),
  })
  const parsed = simSchema.safeParse(values)
  if (!parsed.success)
    throw new Error(
      parsed.error.issues.map(i => (i.path.length ? `--${i.path.join('.')}: ${i.message}` : i.message)).join('\n'),
    )
  if (parsed.data.views && !parsed.data.out)
    throw new Error('--views: the views go in DIR/games.jsonl, so --out DIR is needed too')
  return parsed.data
}
