// Game.observationShape and Game.actionSpace over GraphQL and REST: the engine's own layouts, for every production
// game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { gql, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
})
afterAll(async () => srv.close())

const LAYOUT = 'size slices { name offset length description }'

describe('encodings published on Game', () => {
  it('GraphQL games { observationShape actionSpace } equal the engines’ own', async () => {
    const res = await gql(srv.app, `{ games { id observationShape { ${LAYOUT} } actionSpace { ${LAYOUT} } } }`)
    expect(res.errors).toBeUndefined()
    for (const engine of productionGames) {
      const game = res.data.games.find((g: { id: string }) => g.id === engine.id)
      expect(game.observationShape).toEqual(engine.observationShape)
      expect(game.actionSpace).toEqual(engine.actionSpace)
    }
  })

  it('REST GET /api/games and /api/games/{id} carry the same JSON', async () => {
    const list = (await srv.app.inject({ method: 'GET', url: '/api/games' })).json()
    for (const engine of productionGames) {
      const one = (await srv.app.inject({ method: 'GET', url: `/api/games/${engine.id}` })).json()
      expect(one.observationShape).toEqual(engine.observationShape)
      expect(one.actionSpace).toEqual(engine.actionSpace)
      expect(list.find((g: { id: string }) => g.id === engine.id).actionSpace).toEqual(engine.actionSpace)
    }
  })

  it('the OpenAPI document describes both fields', async () => {
    const doc = (await srv.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(JSON.stringify(doc)).toContain('observationShape')
    expect(JSON.stringify(doc)).toContain('actionSpace')
  })
})
