// Issue 27, point 9: every field a GraphQL answer carries is in the REST answer of the same resource, under the same
// name, with the same value. The GraphQL selection is built from schema.graphql, so a field added later is covered.
import { readFileSync } from 'node:fs'
import { buildSchema, getNamedType, isObjectType, isNonNullType, type GraphQLObjectType } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'))
// Served by their own REST routes (…/log, …/transcript, …/chat), as the contract says.
const OWN_ROUTES: Record<string, string[]> = { Match: ['log', 'transcript', 'chat'] }

/** Every field of `type`, nested objects expanded (fields that need an argument are left out). */
function selection(type: GraphQLObjectType, depth = 0): string {
  const fields = Object.values(type.getFields()).filter(
    f =>
      !(OWN_ROUTES[type.name] ?? []).includes(f.name) &&
      !f.args.some(a => isNonNullType(a.type) && a.defaultValue === undefined),
  )
  return `{ ${fields
    .map(f => {
      const inner = getNamedType(f.type)
      if (!isObjectType(inner)) return f.name
      return depth < 4 ? `${f.name} ${selection(inner, depth + 1)}` : ''
    })
    .filter(Boolean)
    .join(' ')} }`
}
const MATCH = selection(schema.getType('Match') as GraphQLObjectType)
const PLAYER = selection(schema.getType('Player') as GraphQLObjectType)

/** Checks that `rest` carries every field of the GraphQL answer `graph`, with the same value; the paths that differ. */
function missing(graph: unknown, rest: unknown, path = ''): string[] {
  if (Array.isArray(graph)) {
    if (!Array.isArray(rest) || rest.length !== graph.length)
      return [`${path}: ${JSON.stringify(rest)} is not a list of ${graph.length}`]
    return graph.flatMap((g, i) => missing(g, rest[i], `${path}[${i}]`))
  }
  if (graph !== null && typeof graph === 'object') {
    if (rest === null || typeof rest !== 'object') return [`${path}: ${JSON.stringify(rest)} is not an object`]
    return Object.entries(graph).flatMap(([k, v]) =>
      k in rest ? missing(v, (rest as Record<string, unknown>)[k], `${path}.${k}`) : [`${path}.${k}: absent`],
    )
  }
  // A running clock's time left is computed at the moment of each answer: the two answers are a moment apart.
  if (
    path.endsWith('.timeLeftSeconds') &&
    typeof graph === 'number' &&
    typeof rest === 'number' &&
    Math.abs(graph - rest) < 5
  )
    return []
  return graph === rest ? [] : [`${path}: ${JSON.stringify(rest)} instead of ${JSON.stringify(graph)}`]
}

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer()
})
afterAll(async () => srv.close())

async function player(name: string): Promise<{ id: string; key: string }> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

async function rest(path: string, token?: string): Promise<any> {
  const res = await fetch(`${srv.base}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  expect(res.status, path).toBe(200)
  return res.json()
}

/** The first line of an NDJSON stream. */
async function firstLine(path: string, token: string): Promise<any> {
  const abort = new AbortController()
  const res = await fetch(`${srv.base}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  })
  const reader = res.body!.getReader()
  let text = ''
  while (!text.includes('\n') || !text.trim()) text += new TextDecoder().decode((await reader.read()).value)
  abort.abort()
  return JSON.parse(text.trim().split('\n')[0]!)
}

const match = async (id: string, token?: string) =>
  (await gql(srv.app, `query($id: ID!) { match(id: $id) ${MATCH} }`, { id }, token)).data.match

describe('REST parity with GraphQL', () => {
  it('the selections come from the schema and hold the fields REST lacked', () => {
    for (const f of ['seed', 'rematch', 'legalActions', 'player', 'clock', 'seedCommitment']) expect(MATCH).toContain(f)
    expect(MATCH).not.toMatch(/\blog\b|\btranscript\b/)
  })

  it('GET /matches/{id}, the inbox, both NDJSON streams and GET /players/me carry every field of Match and Player', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const create = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
    const join = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { seat { token } } }`
    const id = (
      await gql(
        srv.app,
        create,
        {
          input: {
            game: 'race-to-20',
            seats: [{ player: ann.id }, { player: bob.id }],
            clock: { perMoveSeconds: 3600 },
          },
        },
        ann.key,
      )
    ).data.createMatch.match.id
    await gql(srv.app, join, { input: { matchId: id, deck: RACE_DECK } }, ann.key)
    const seatToken = (await gql(srv.app, join, { input: { matchId: id, deck: RACE_DECK } }, bob.key)).data.joinMatch
      .seat.token
    await gql(
      srv.app,
      `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version } } }`,
      { input: { matchId: id, action: { type: 'roll' } } },
      ann.key,
    )

    // ACTIVE, Bob to act: as Bob's key, Bob's seat token, Ann's key, and a spectator.
    for (const token of [bob.key, seatToken, ann.key, undefined]) {
      const graph = await match(id, token)
      expect(missing(graph, await rest(`/matches/${id}`, token))).toEqual([])
    }
    expect((await match(id, bob.key)).legalActions.length).toBeGreaterThan(0)
    const inbox = (await gql(srv.app, `{ myMatches ${MATCH} }`, {}, bob.key)).data.myMatches
    expect(missing(inbox, await rest('/players/me/matches', bob.key))).toEqual([])
    expect(missing(await match(id, bob.key), await firstLine(`/matches/${id}/stream`, bob.key))).toEqual([])
    const pending = await firstLine('/players/me/stream', bob.key)
    expect(pending.type).toBe('yourTurn')
    expect(missing(await match(id, bob.key), pending.match)).toEqual([])
    expect(
      missing((await gql(srv.app, `{ me ${PLAYER} }`, {}, bob.key)).data.me, await rest('/players/me', bob.key)),
    ).toEqual([])

    // FINISHED, with its seed and a started rematch.
    await gql(srv.app, `mutation($id: ID!) { resign(matchId: $id) { status } }`, { id }, bob.key)
    for (const p of [ann, bob])
      await gql(srv.app, `mutation($id: ID!) { offerRematch(matchId: $id) { seat { seat } } }`, { id }, p.key)
    const done = await match(id, ann.key)
    expect(done.seed).toMatch(/\S/)
    expect(done.rematch).toMatch(/\S/)
    expect(missing(done, await rest(`/matches/${id}`, ann.key))).toEqual([])
    expect(missing(done, await firstLine(`/matches/${id}/stream`, ann.key))).toEqual([])
    const all = (await gql(srv.app, `{ myMatches ${MATCH} }`, {}, ann.key)).data.myMatches
    expect(missing(all, await rest('/players/me/matches', ann.key))).toEqual([])
  })
})
