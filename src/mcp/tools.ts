// The MCP tools of `arbiter mcp`: list games and cards, create a match against built-in bots, read it, act, explain a
// rule.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { RestClient, RestError, type RestLegalAction, type RestMatch } from './rest-client.ts'
import { findRule, rulesMap } from './rules-map.ts'

/**
 * How long create_match and submit_action wait for the bots to move before answering (the agent can read again later).
 */
export const TURN_WAIT_MS = 30_000
/** Seat tokens kept per session: the matches created last (an older one is forgotten, and read as a spectator). */
export const SESSION_MATCHES = 100

interface GameInfo {
  id: string
  name: string
  minSeats: number
  maxSeats: number
  bots: string[]
  sampleDecks: { name: string; deck: unknown }[]
}

const ended = (m: { status: string }) => m.status === 'FINISHED' || m.status === 'ABORTED'
const path = (s: string) => encodeURIComponent(s)

function answer(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }
}

function refusal(e: unknown): CallToolResult {
  const r =
    e instanceof RestError ? e : new RestError('INTERNAL_SERVER_ERROR', e instanceof Error ? e.message : String(e), 0)
  const details = Object.keys(r.details).length ? ` ${JSON.stringify(r.details)}` : ''
  return { isError: true, content: [{ type: 'text', text: `${r.code}: ${r.message}${details}` }] }
}

/** A tool body whose refusals (the server's or the tool's own) become `isError` answers with the code. */
function tool<A>(run: (args: A) => Promise<Record<string, unknown>>): (args: A) => Promise<CallToolResult> {
  return async args => {
    try {
      return answer(await run(args))
    } catch (e) {
      return refusal(e)
    }
  }
}

/** A sample deck by name or by the hero/avatar it plays (any case), or the deck itself when it is not a string. */
function chooseDeck(game: GameInfo, deck: unknown, seat: number): unknown {
  const samples = game.sampleDecks
  if (deck === undefined) return samples[seat % samples.length]?.deck
  if (typeof deck !== 'string') return deck
  const wanted = deck.trim().toLowerCase()
  const found = samples.find(s => {
    const d = s.deck as { hero?: unknown; avatar?: unknown; legend?: unknown }
    return (
      s.name.toLowerCase() === wanted ||
      [d.hero, d.avatar].some(id => typeof id === 'string' && id.toLowerCase() === wanted)
    )
  })
  if (!found)
    throw new RestError(
      'BAD_USER_INPUT',
      `no sample deck "${deck}" in ${game.id}: one of ${samples.map(s => s.name).join(', ')} (or give the deck as JSON)`,
      400,
    )
  return found.deck
}

export function mcpServer(url: string, version: string): McpServer {
  const rest = new RestClient(url)
  const server = new McpServer({ name: 'arbiter', version })
  /** matchId -> the seat this session plays and its token (insertion order: the oldest is forgotten first). */
  const seats = new Map<string, { seat: number; token: string }>()
  const own = (matchId: string) => seats.get(matchId)

  /** The seat's stream until it must decide or the match ends (bounded by TURN_WAIT_MS). */
  const untilMyTurn = (matchId: string, mine: { seat: number; token: string }) =>
    rest.waitFor(
      matchId,
      mine.token,
      m => ended(m) || (m.toAct.includes(mine.seat) && m.legalActions !== undefined),
      TURN_WAIT_MS,
    )

  server.registerTool(
    'list_games',
    { description: 'The games this Arbiter server plays, with their seat counts and built-in bots.', inputSchema: {} },
    tool(async () => {
      const games = await rest.get<GameInfo[]>('/api/games')
      return {
        games: games.map(g => ({ id: g.id, name: g.name, minSeats: g.minSeats, maxSeats: g.maxSeats, bots: g.bots })),
      }
    }),
  )

  server.registerTool(
    'list_cards',
    {
      description:
        "A game's cards (or heroes), optionally only those whose id, name, type, text or tags contain every word of `search`.",
      inputSchema: {
        game: z.string().describe('A game id from list_games'),
        search: z.string().optional().describe('Words to look for'),
      },
    },
    tool(async ({ game, search }: { game: string; search?: string }) => {
      const query = search ? `?search=${path(search)}` : ''
      const cards = await rest.get<{ id: string; name: string; type: string }[]>(
        `/api/games/${path(game)}/cards${query}`,
      )
      return { cards: cards.map(c => ({ id: c.id, name: c.name, type: c.type })) }
    }),
  )

  server.registerTool(
    'create_match',
    {
      description:
        'Create a match where you play one seat and every other seat is a built-in bot. Answers once it is your decision or the match is over (or after 30 s of bot moves). Then read the match with get_match and your choices with get_legal_actions.',
      inputSchema: {
        game: z.string().describe('A game id from list_games'),
        bot: z.string().optional().describe("The bot kind of the other seats (one of the game's bots); default random"),
        strength: z.number().int().min(1).max(10).optional().describe('The bot strength, 1 to 10 (ismcts)'),
        deck: z
          .unknown()
          .optional()
          .describe("Your deck: a sample deck's name, a hero or avatar id, or the deck as JSON; default a sample deck"),
        seat: z.number().int().min(0).max(7).optional().describe('Your seat; default 0 (seat 0 does not always start)'),
        seed: z.string().optional().describe('A seed, to replay the same match'),
      },
    },
    tool(
      async (args: { game: string; bot?: string; strength?: number; deck?: unknown; seat?: number; seed?: string }) => {
        const game = await rest.get<GameInfo>(`/api/games/${path(args.game)}`)
        const mySeat = args.seat ?? 0
        if (mySeat >= game.minSeats)
          throw new RestError(
            'BAD_USER_INPUT',
            `${game.id} is played here with ${game.minSeats} seats: seat is 0 to ${game.minSeats - 1}`,
            400,
          )
        const bot = { kind: args.bot ?? 'random', ...(args.strength !== undefined && { strength: args.strength }) }
        const seatsInput = Array.from({ length: game.minSeats }, (_, i) =>
          i === mySeat
            ? { deck: chooseDeck(game, args.deck, i), name: 'You' }
            : { bot, deck: chooseDeck(game, undefined, i) },
        )
        const created = await rest.post<{ match: RestMatch; seats: { seat: number; token: string }[] }>(
          '/api/matches',
          {
            game: game.id,
            seats: seatsInput,
            ...(args.seed !== undefined && { seed: args.seed }),
          },
        )
        const token = created.seats.find(s => s.seat === mySeat)!.token
        const mine = { seat: mySeat, token }
        seats.set(created.match.id, mine)
        if (seats.size > SESSION_MATCHES) seats.delete(seats.keys().next().value!)
        const now = (await untilMyTurn(created.match.id, mine)) ?? created.match
        return { matchId: created.match.id, seat: mySeat, status: now.status, toAct: now.toAct }
      },
    ),
  )

  server.registerTool(
    'get_match',
    {
      description:
        "The match as your seat sees it: status, version, who is to act, winners, and the game's view for you (a spectator's view for a match of another session).",
      inputSchema: { matchId: z.string() },
    },
    tool(async ({ matchId }: { matchId: string }) => {
      const m = await rest.get<RestMatch>(`/api/matches/${path(matchId)}`, own(matchId)?.token)
      return {
        matchId: m.id,
        game: m.game,
        status: m.status,
        version: m.version,
        seat: m.seat,
        toAct: m.toAct,
        winners: m.winners,
        endReason: m.endReason,
        view: m.view,
      }
    }),
  )

  server.registerTool(
    'get_legal_actions',
    {
      description:
        'Your choices now, each with an id to submit, a label in words and the action as JSON; empty when it is not your decision. The ids hold while the match stays at this version.',
      inputSchema: { matchId: z.string() },
    },
    tool(async ({ matchId }: { matchId: string }) => {
      const mine = own(matchId)
      if (!mine)
        throw new RestError(
          'NOT_FOUND',
          `match ${matchId} was not created in this session: you hold no seat in it`,
          404,
        )
      // A stream line carries the choices at its very version (absent when a newer one was committed meanwhile: read
      // on).
      const m = await rest.waitFor(
        matchId,
        mine.token,
        line => line.legalActions !== undefined || ended(line),
        TURN_WAIT_MS,
      )
      if (!m) throw new RestError('UNAVAILABLE', `no answer about match ${matchId} in ${TURN_WAIT_MS / 1000} s`, 503)
      return { matchId, version: m.version, legalActions: m.legalActions ?? [] }
    }),
  )

  server.registerTool(
    'submit_action',
    {
      description:
        'Take one of your legal actions: its id (from get_legal_actions, at the same version) or the action as JSON. Answers once it is your decision again or the match is over (or after 30 s of bot moves), with your next choices.',
      inputSchema: {
        matchId: z.string(),
        actionId: z.string().optional().describe('An id from get_legal_actions'),
        action: z.record(z.string(), z.unknown()).optional().describe('The action itself, e.g. {"type":"pass"}'),
      },
    },
    tool(
      async ({
        matchId,
        actionId,
        action,
      }: {
        matchId: string
        actionId?: string
        action?: Record<string, unknown>
      }) => {
        const mine = own(matchId)
        if (!mine)
          throw new RestError(
            'NOT_FOUND',
            `match ${matchId} was not created in this session: you hold no seat in it`,
            404,
          )
        if ((actionId === undefined) === (action === undefined))
          throw new RestError('BAD_USER_INPUT', 'give exactly one of actionId or action', 400)
        const result = await rest.post<{ match: RestMatch; legalActions: RestLegalAction[] }>(
          `/api/matches/${path(matchId)}/actions`,
          actionId !== undefined ? { actionId } : { action },
          mine.token,
        )
        let m: RestMatch = { ...result.match, legalActions: result.legalActions }
        if (!ended(m) && !m.toAct.includes(mine.seat)) m = (await untilMyTurn(matchId, mine)) ?? m
        return {
          matchId,
          status: m.status,
          version: m.version,
          toAct: m.toAct,
          winners: m.winners,
          legalActions: m.legalActions ?? [],
        }
      },
    ),
  )

  server.registerTool(
    'explain_rule',
    {
      description:
        "A rule of a game in words, by its ID in the game's rules map (the `rule` an ILLEGAL_ACTION refusal cites, e.g. DT-2.4).",
      inputSchema: { game: z.string().describe('A game id'), rule: z.string().describe('A rule ID, e.g. DT-2.4') },
    },
    tool(async ({ game, rule }: { game: string; rule: string }) => {
      const map = rulesMap(game)
      if (!map) throw new RestError('NOT_FOUND', `no rules map for game "${game}"`, 404)
      const row = findRule(map, rule)
      if (!row) throw new RestError('NOT_FOUND', `${game} has no rule "${rule}" in its rules map`, 404)
      return { game, rule: row.rule, text: row.text }
    }),
  )

  return server
}
