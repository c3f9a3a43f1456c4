// The OpenAPI document at /docs/json: valid OpenAPI 3, every route typed with its errors and examples, answers that
// match the published schemas, and a TypeScript client generated from it that compiles.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import * as views from '../../src/service/views.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

interface Media {
  schema?: Record<string, unknown>
  example?: unknown
}
interface Operation {
  operationId?: string
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { description: string; content?: Record<string, Media> }>
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> }

let srv: TestServer
let doc: Doc
let operations: { method: string; path: string; op: Operation }[]
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
  const res = await srv.app.inject({ method: 'GET', url: '/docs/json' })
  expect(res.statusCode).toBe(200)
  doc = res.json()
  operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path: p, op })),
  )
})
afterAll(async () => srv.close())

const api = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
  const res = await srv.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  })
  return { status: res.statusCode, body: res.json() }
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3 by swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\./)
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
    expect(operations.length).toBeGreaterThanOrEqual(28)
  })

  it('gives every route a unique operationId, a typed 2xx answer and its error answers with the error schema', () => {
    const ids = operations.map(o => o.op.operationId)
    expect(
      ids.every(id => typeof id === 'string' && id.length > 0),
      JSON.stringify(ids),
    ).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { method, path: p, op } of operations) {
      const where = `${method} ${p}`
      const ok = Object.entries(op.responses).filter(([s]) => s.startsWith('2'))
      expect(ok, where).toHaveLength(1)
      const media = Object.values(ok[0]![1].content ?? {})
      expect(media[0]?.schema, where).toBeTruthy()
      expect(ok[0]![1].description, where).not.toBe('Default Response')
      const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400)
      expect(
        errors.map(([s]) => s),
        where,
      ).toEqual(expect.arrayContaining(['400', '429', '503']))
      for (const [status, r] of errors) {
        expect(r.description, `${where} ${status}`).toMatch(/^Error: [A-Z_]+/)
        expect(r.content?.['application/json']?.schema?.required, `${where} ${status}`).toEqual(['code', 'message'])
      }
    }
    const errorsOf = (id: string) => operations.find(o => o.op.operationId === id)!.op.responses
    expect(errorsOf('submitAction')['409']!.description).toContain('VERSION_CONFLICT')
    expect(errorsOf('submitAction')['422']!.description).toContain('ILLEGAL_ACTION')
    expect(errorsOf('updateDeck')['403']!.description).toContain('NOT_DECK_OWNER')
  })

  it('declares both streams as application/x-ndjson, one typed line each', () => {
    for (const id of ['streamMatch', 'streamPlayerEvents']) {
      const op = operations.find(o => o.op.operationId === id)!.op
      expect(Object.keys(op.responses['200']!.content!), id).toEqual(['application/x-ndjson'])
      expect(op.responses['200']!.content!['application/x-ndjson']!.schema!.type).toBe('object')
    }
  })

  it('publishes real examples: a sample deck of a game, and an action that game accepts', () => {
    const body = (id: string) =>
      operations.find(o => o.op.operationId === id)!.op.requestBody!.content['application/json']!
    const save = body('saveDeck').example as { game: string; name: string; deck: unknown }
    const engine = productionGames.find(g => g.id === save.game)!
    expect(engine.sampleDecks().map(d => d.name)).toContain(save.name)
    expect(engine.validateDeck(engine.schemas.deck.parse(save.deck)).legal).toBe(true)
    const submit = body('submitAction').example as { action: unknown }
    expect(engine.schemas.action.safeParse(submit.action).success, JSON.stringify(submit)).toBe(true)
    expect((body('createMatch').example as { game: string }).game).toBe(save.game)
    const cards = operations.find(o => o.op.operationId === 'listCards')!.op.responses['200']!.content![
      'application/json'
    ]!
    expect(cards.example).toEqual([
      expect.objectContaining({ id: engine.cards()[0]!.id, name: engine.cards()[0]!.name }),
    ])
    // No placeholder objects: the zod records are published with the OpenAPI target (no propertyNames).
    expect(JSON.stringify(doc)).not.toContain('propertyNames')
  })

  it('describes what the server answers: real answers parse with the published schemas', async () => {
    const games = await api('GET', '/api/games')
    z.array(views.gameView).parse(games.body)
    const createBody = operations.find(o => o.op.operationId === 'createMatch')!.op.requestBody!.content[
      'application/json'
    ]!.example
    const created = await api('POST', '/api/matches', createBody)
    expect(created.status).toBe(201)
    const c = views.createdMatchView.parse(created.body)
    const seat = c.match.toAct[0]!
    const token = c.seats.find(s => s.seat === seat)!.token
    const legal = z
      .array(views.legalActionView)
      .parse((await api('GET', `/api/matches/${c.match.id}/legal-actions`, undefined, token)).body)
    const result = await api(
      'POST',
      `/api/matches/${c.match.id}/actions`,
      { actionId: legal[0]!.id, expectedVersion: c.match.version },
      token,
    )
    expect(result.status).toBe(200)
    views.actionResultView.parse(result.body)
    z.array(views.logEntryView).parse((await api('GET', `/api/matches/${c.match.id}/log`, undefined, token)).body)
    z.array(views.cardView).parse((await api('GET', `/api/games/${c.match.game}/cards?first=5`)).body)
    const wrong = await api(
      'POST',
      `/api/matches/${c.match.id}/actions`,
      { actionId: legal[0]!.id, expectedVersion: 0 },
      token,
    )
    expect(wrong.status).toBe(409)
    views.errorView.parse(wrong.body)
  })
})

describe('a TypeScript client generated from it with openapi-typescript', () => {
  it('compiles a typed call, and refuses a call of the wrong shape', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-openapi-'))
    writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(doc) as never)))
    const call = (extra: string) => `import type { operations, paths } from './api'
type Cards = operations['listCards']['responses'][200]['content']['application/json']
type Query = NonNullable<operations['listCards']['parameters']['query']>
type Submit = paths['/api/matches/{id}/actions']['post']['requestBody']
type Result = operations['submitAction']['responses'][200]['content']['application/json']
export async function search(base: string, query: Query): Promise<string[]> {
  const res = await fetch(base + '/api/games/cyberpunk-tcg/cards?' + new URLSearchParams(query as Record<string, string>))
  const cards = (await res.json()) as Cards
  return cards.map((c) => c.name + ' ' + c.text + ' ' + (c.cost ?? '-'))
}
export async function act(base: string, token: string, body: NonNullable<Submit>['content']['application/json']): Promise<number> {
  const res = await fetch(base + '/api/matches/m/actions', { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: JSON.stringify(body) })
  const result = (await res.json()) as Result
  return result.match.version + result.legalActions.length
}
export const q: Query = { search: 'steal', first: 10 }
export const ok = act('', 't', { actionId: 'a1', expectedVersion: 0 })
${extra}
`
    const compile = (source: string) => {
      writeFileSync(path.join(dir, 'call.ts'), source)
      const program = ts.createProgram([path.join(dir, 'call.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        skipLibCheck: true,
        types: [],
      })
      return ts.getPreEmitDiagnostics(program).map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    }
    expect(compile(call(''))).toEqual([])
    expect(compile(call("export const bad = act('', 't', { expectedVersion: 'zero' })")).join('\n')).toMatch(
      /Type 'string' is not assignable to type 'number'/,
    )
  }, 60_000)
})
