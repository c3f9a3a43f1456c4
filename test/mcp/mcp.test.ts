// `arbiter mcp` driven by the MCP SDK's own client over stdio, against a real Arbiter server started here.
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRule, rulesMap } from '../../src/mcp/rules-map.ts'
import { startServer, type RunningServer } from '../sdk/server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

interface ToolAnswer {
  isError?: boolean
  content: { type: string; text: string }[]
  structuredContent?: Record<string, unknown>
}

let server: RunningServer
let client: Client

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer
}

async function ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const r = await call(name, args)
  expect(r.isError, r.content[0]?.text).toBeFalsy()
  // The same JSON as text, for clients that read only the text.
  expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent)
  return r.structuredContent as T
}

beforeAll(async () => {
  server = await startServer()
  client = new Client({ name: 'arbiter-test', version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(ROOT, 'src/cli/arbiter-bin.mjs'), 'mcp', '--url', server.url],
      cwd: ROOT,
      stderr: 'pipe',
    }),
  )
}, 60_000)

afterAll(async () => {
  await client?.close()
  await server?.close()
})

describe('arbiter mcp', () => {
  it('lists the seven tools of the contract', async () => {
    const { tools } = await client.listTools()
    expect(tools.map(t => t.name).sort()).toEqual([
      'create_match',
      'explain_rule',
      'get_legal_actions',
      'get_match',
      'list_cards',
      'list_games',
      'submit_action',
    ])
    const create = tools.find(t => t.name === 'create_match')!
    expect(Object.keys(create.inputSchema.properties ?? {}).sort()).toEqual([
      'bot',
      'deck',
      'game',
      'seat',
      'seed',
      'strength',
    ])
    expect(create.inputSchema.required).toEqual(['game'])
  })

  it('lists the games and searches the cards', async () => {
    const { games } = await ok<{ games: { id: string; minSeats: number; maxSeats: number; bots: string[] }[] }>(
      'list_games',
    )
    expect(games.map(g => g.id).sort()).toEqual(['cyber-net-cards', 'cyberpunk-tcg', 'dice-throne-marvel'])
    expect(games.find(g => g.id === 'dice-throne-marvel')).toMatchObject({
      minSeats: 2,
      maxSeats: 4,
      bots: expect.arrayContaining(['random']),
    })
    const { cards } = await ok<{ cards: { id: string; name: string; type: string }[] }>('list_cards', {
      game: 'dice-throne-marvel',
      search: 'thor',
    })
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.every(c => Object.keys(c).sort().join() === 'id,name,type')).toBe(true)
  })

  it('creates a match against a random bot and plays it to the end by calling tools', async () => {
    const created = await ok<{ matchId: string; seat: number; status: string; toAct: number[] }>('create_match', {
      game: 'cyber-net-cards',
      seed: 'mcp-1',
    })
    expect(created).toMatchObject({ seat: 0, status: 'ACTIVE' })
    // create_match answers once it is our decision (the bot's opening moves are made meanwhile).
    expect(created.toAct).toContain(0)
    const view = await ok<{ seat: number; view: unknown; game: string }>('get_match', { matchId: created.matchId })
    expect(view).toMatchObject({ seat: 0, game: 'cyber-net-cards' })
    expect(view.view).toBeTypeOf('object')

    let legal = await ok<{ version: number; legalActions: { id: string; label: string; action: { type: string } }[] }>(
      'get_legal_actions',
      { matchId: created.matchId },
    )
    let status = created.status
    let decisions = 0
    for (; status === 'ACTIVE' && decisions < 2000; decisions++) {
      expect(legal.legalActions.length).toBeGreaterThan(0)
      const choice = legal.legalActions[decisions % legal.legalActions.length]!
      expect(choice.label).toBeTypeOf('string')
      const after = await ok<{
        status: string
        version: number
        toAct: number[]
        winners: number[] | null
        legalActions: typeof legal.legalActions
      }>('submit_action', {
        matchId: created.matchId,
        actionId: choice.id,
      })
      status = after.status
      legal = { version: after.version, legalActions: after.legalActions }
      // submit_action answers at our next decision, or at the end.
      if (status === 'ACTIVE') expect(after.toAct).toContain(0)
      else expect(after.legalActions).toEqual([])
    }
    expect(status).toBe('FINISHED')
    const end = await ok<{ status: string; winners: number[]; endReason: string | null }>('get_match', {
      matchId: created.matchId,
    })
    expect(end.status).toBe('FINISHED')
    // Cyber Net Cards has draws (both avatars at 0 life, or equal life when both decks run out): no winner is a result.
    expect(end.endReason).toBeTruthy()
    expect(end.winners.every(w => w === 0 || w === 1)).toBe(true)
  }, 120_000)

  it('a refusal is isError with the code: an illegal action, an unknown game, a match of no seat here', async () => {
    const { matchId } = await ok<{ matchId: string }>('create_match', {
      game: 'dice-throne-marvel',
      deck: 'thor',
      seed: 'mcp-2',
    })
    const malformed = await call('submit_action', { matchId, action: { type: 'no-such-action' } })
    expect(malformed.isError).toBe(true)
    expect(malformed.content[0]!.text).toMatch(/^BAD_USER_INPUT: /)
    // A well-formed action the rules refuse: the code, then the rule it breaks, which explain_rule puts in words.
    const illegal = await call('submit_action', { matchId, action: { type: 'sell', card: 'no-such-card' } })
    expect(illegal.isError).toBe(true)
    expect(illegal.content[0]!.text).toMatch(/^ILLEGAL_ACTION: /)
    const rule = /"rule":"([^"]+)"/.exec(illegal.content[0]!.text)![1]!
    const explained = await ok<{ rule: string; text: string }>('explain_rule', { game: 'dice-throne-marvel', rule })
    expect(explained.rule).toBe(rule)
    expect(explained.text.length).toBeGreaterThan(10)
    const both = await call('submit_action', { matchId, actionId: 'x', action: { type: 'pass' } })
    expect(both.content[0]!.text).toMatch(/^BAD_USER_INPUT: give exactly one/)
    const unknown = await call('create_match', { game: 'chess' })
    expect(unknown.isError).toBe(true)
    expect(unknown.content[0]!.text).toMatch(/^NOT_FOUND: /)
    const stranger = await call('get_legal_actions', { matchId: '00000000-0000-4000-8000-000000000000' })
    expect(stranger.isError).toBe(true)
    expect(stranger.content[0]!.text).toMatch(/^NOT_FOUND: /)
    const badDeck = await call('create_match', { game: 'dice-throne-marvel', deck: 'no-such-hero' })
    expect(badDeck.content[0]!.text).toMatch(/^BAD_USER_INPUT: /)
    const illegalDeck = await call('create_match', { game: 'dice-throne-marvel', deck: { hero: 'nobody' } })
    expect(illegalDeck.isError).toBe(true)
    expect(illegalDeck.content[0]!.text).toMatch(/^(DECK_ILLEGAL|BAD_USER_INPUT): /)
  }, 60_000)

  it('explains a rule by its ID from the rules map, and refuses an unknown one with NOT_FOUND', async () => {
    const r = await ok<{ game: string; rule: string; text: string }>('explain_rule', {
      game: 'dice-throne-marvel',
      rule: 'dt-2.8',
    })
    expect(r).toEqual({
      game: 'dice-throne-marvel',
      rule: 'DT-2.8',
      text: findRule(rulesMap('dice-throne-marvel')!, 'DT-2.8')!.text,
    })
    expect(r.text).toMatch(/15 CP/)
    const missing = await call('explain_rule', { game: 'dice-throne-marvel', rule: 'DT-999' })
    expect(missing.isError).toBe(true)
    expect(missing.content[0]!.text).toMatch(/^NOT_FOUND: /)
    expect((await call('explain_rule', { game: '../README', rule: 'x' })).content[0]!.text).toMatch(/^NOT_FOUND: /)
  })
})
