// The service in en, tr and pt-BR: each step of the language order over REST and GraphQL, the player's preference,
// errors in the language, unknown codes refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { cyberpunkTcg } from '../../src/games/cyberpunk-tcg/index.ts'
import { productionGames } from '../../src/games/index.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
const deck = cyberNetCards.sampleDecks()[0]!.deck
const DECKS: Record<string, unknown> = { 'cyber-net-cards': deck, 'cyberpunk-tcg': cyberpunkTcg.sampleDecks()[0]!.deck }

beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
})
afterAll(async () => {
  await srv.close()
})

type Headers = Record<string, string>
const auth = (token?: string): Headers => (token ? { authorization: `Bearer ${token}` } : {})

async function rest(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: unknown) {
  const res = await srv.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  return { status: res.statusCode, body: res.json() }
}

async function graphql(
  query: string,
  headers: Headers = {},
  url = '/graphql',
  variables: Record<string, unknown> = {},
) {
  const res = await srv.app.inject({ method: 'POST', url, headers, payload: { query, variables } })
  return { status: res.statusCode, body: res.json() }
}

async function player(name: string, language?: string) {
  return (await rest('POST', '/api/players', {}, { name, ...(language ? { language } : {}) })).body as {
    key: string
    player: { id: string; language: string | null }
  }
}

/**
 * A match of `game` (Cyber Net Cards unless told) between a player (seat 0, holding it with its key) and Bob (seat 1):
 * its id and the seat tokens.
 */
async function match(owner: { key: string; player: { id: string } }, game = 'cyber-net-cards') {
  const created = await rest('POST', '/api/matches', auth(owner.key), {
    game,
    seats: [
      { deck: DECKS[game], player: owner.player.id },
      { deck: DECKS[game], name: 'Bob' },
    ],
  })
  expect(created.status).toBe(201)
  return {
    id: created.body.match.id as string,
    tokens: (created.body.seats as { seat: number; token: string }[]).map(s => s.token),
  }
}

/** Seat 0's listed labels over REST with these headers and query. */
async function labels(matchId: string, headers: Headers, query = ''): Promise<string[]> {
  const res = await rest('GET', `/api/matches/${matchId}/legal-actions?seat=0${query}`, headers)
  expect(res.status).toBe(200)
  return (res.body as { label: string }[]).map(a => a.label)
}

const LABELS = `query($id: ID!, $lang: String) { legalActions(matchId: $id, seat: 0) { id plain: label tagged: label(lang: $lang) } }`

describe('the language of words', () => {
  it('Query.languages and GET /api/languages list en, tr and pt-BR', async () => {
    expect((await graphql('{ languages }')).body.data.languages).toEqual(['en', 'tr', 'pt-BR'])
    expect((await rest('GET', '/api/languages')).body).toEqual(['en', 'tr', 'pt-BR'])
  })

  it('step 5, 4, 2: English by default; Accept-Language (pt-PT → pt-BR, q-values); ?lang= before it, on REST and /graphql alike', async () => {
    const ann = await player('Ann')
    const { id, tokens } = await match(ann)
    const seat = auth(tokens[0])
    const english = await labels(id, seat)
    expect(english.some(l => /^Recycle .+ \(under the deck, draw 1\)$/.test(l))).toBe(true)
    const portuguese = await labels(id, { ...seat, 'accept-language': 'de-DE, pt-PT;q=0.8, en;q=0.5' })
    expect(portuguese.some(l => l.startsWith('Reciclar '))).toBe(true)
    expect(await labels(id, { ...seat, 'accept-language': 'de, fr;q=0.9' })).toEqual(english)
    const turkish = await labels(id, { ...seat, 'accept-language': 'pt-BR' }, '&lang=TR')
    expect(turkish.some(l => l.startsWith('Geri dönüştür: '))).toBe(true)
    const viaGraphql = await graphql(LABELS, { ...seat, 'accept-language': 'pt-BR' }, '/graphql?lang=tr', { id })
    expect(viaGraphql.body.data.legalActions.map((a: { plain: string }) => a.plain)).toEqual(turkish)
  })

  it("step 1: a field's lang argument beats ?lang=; ids and actions are the same in every language", async () => {
    const ann = await player('Ann')
    const { id, tokens } = await match(ann)
    const res = await graphql(LABELS, auth(tokens[0]), '/graphql?lang=tr', { id, lang: 'pt-br' })
    const listed = res.body.data.legalActions as { id: string; plain: string; tagged: string }[]
    expect(listed.every(a => a.plain !== a.tagged)).toBe(true)
    expect(listed.some(a => a.tagged.startsWith('Reciclar '))).toBe(true)
    const english = await graphql(LABELS, auth(tokens[0]), '/graphql', { id })
    expect(english.body.data.legalActions.map((a: { id: string }) => a.id)).toEqual(listed.map(a => a.id))
  })

  it("step 3: the player's preference speaks for its key and for the token of a seat it holds, after ?lang= and before Accept-Language; setLanguage and PUT change it", async () => {
    const ayse = await player('Ayşe', 'tr')
    expect(ayse.player.language).toBe('tr')
    const { id, tokens } = await match(ayse)
    const pt = { 'accept-language': 'pt-BR' }
    for (const token of [ayse.key, tokens[0]!]) {
      const turkish = await labels(id, { ...auth(token), ...pt })
      expect(turkish.some(l => l.startsWith('Geri dönüştür: '))).toBe(true)
      expect((await labels(id, { ...auth(token), ...pt }, '&lang=en')).some(l => l.startsWith('Recycle '))).toBe(true)
    }
    // Bob's seat is held by no player: its token speaks Accept-Language.
    const bob = await rest('GET', `/api/matches/${id}/legal-actions?lang=pt-BR`, auth(tokens[1]))
    expect(bob.status).toBe(200)

    const changed = await graphql('mutation { setLanguage(language: "pt-BR") { language } }', auth(ayse.key))
    expect(changed.body.data.setLanguage.language).toBe('pt-BR')
    expect((await labels(id, auth(tokens[0]))).some(l => l.startsWith('Reciclar '))).toBe(true)
    const cleared = await rest('PUT', '/api/players/me/language', auth(ayse.key), { language: null })
    expect(cleared.body.language).toBeNull()
    expect((await rest('GET', '/api/players/me', auth(ayse.key))).body.language).toBeNull()
    expect(
      (await labels(id, { ...auth(tokens[0]), 'accept-language': 'tr' })).some(l => l.startsWith('Geri dönüştür: ')),
    ).toBe(true)
    expect((await labels(id, auth(tokens[0]))).some(l => l.startsWith('Recycle '))).toBe(true)
  })

  it("a Turkish viewer's legal-action labels contain no English label", async () => {
    const ayse = await player('Ayşe', 'tr')
    const { id, tokens } = await match(ayse)
    const english = new Set(await labels(id, auth(tokens[0]), '&lang=en'))
    const turkish = await labels(id, auth(tokens[0]))
    expect(turkish.length).toBeGreaterThan(1)
    for (const label of turkish) expect(english.has(label)).toBe(false)
  })

  it("a Turkish viewer's Cyberpunk TCG action labels contain no English label, over the first decisions", async () => {
    const ayse = await player('Ayşe', 'tr')
    const { id, tokens } = await match(ayse, 'cyberpunk-tcg')
    let checked = 0
    for (let step = 0; step < 8; step++) {
      for (const seat of [0, 1]) {
        const url = `/api/matches/${id}/legal-actions?seat=${seat}`
        const turkish = (await rest('GET', `${url}&lang=tr`, auth(tokens[seat]))).body as {
          id: string
          label: string
          action: { type: string }
        }[]
        if (!turkish.length) continue
        const english = new Set(
          ((await rest('GET', `${url}&lang=en`, auth(tokens[seat]))).body as { label: string }[]).map(a => a.label),
        )
        for (const action of turkish) expect(english.has(action.label), action.label).toBe(false)
        checked += turkish.length
        // any listed action but conceding moves the game on
        const next = turkish.find(a => a.action.type !== 'concede')!
        expect(
          (await rest('POST', `/api/matches/${id}/actions`, auth(tokens[seat]), { actionId: next.id })).status,
        ).toBe(200)
        break
      }
    }
    expect(checked).toBeGreaterThan(20)
  })

  it('an unknown language is BAD_USER_INPUT (400) as a parameter, an argument, a preference; nothing changes', async () => {
    const ann = await player('Ann', 'en')
    const { id, tokens } = await match(ann)
    const badParam = await rest('GET', `/api/matches/${id}/legal-actions?lang=de`, auth(tokens[0]))
    expect([badParam.status, badParam.body.code]).toEqual([400, 'BAD_USER_INPUT'])
    const badGraphqlParam = await graphql('{ languages }', {}, '/graphql?lang=xx')
    expect([badGraphqlParam.status, badGraphqlParam.body.errors[0].extensions.code]).toEqual([400, 'BAD_USER_INPUT'])
    const badArgument = await graphql(LABELS, auth(tokens[0]), '/graphql', { id, lang: 'pt' })
    expect(badArgument.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    const badPreference = await rest('PUT', '/api/players/me/language', auth(ann.key), { language: 'klingon' })
    expect([badPreference.status, badPreference.body.code]).toEqual([400, 'BAD_USER_INPUT'])
    const badCreate = await graphql('mutation { createPlayer(name: "Zed", language: "fr") { key } }')
    expect(badCreate.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect((await rest('GET', '/api/players/me', auth(ann.key))).body.language).toBe('en')
  })

  it('error messages follow steps 2–5, codes unchanged', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    const tr = await rest('GET', `/api/matches/${missing}?lang=tr`)
    expect([tr.status, tr.body.code]).toEqual([404, 'NOT_FOUND'])
    expect(tr.body.message).toMatch(/^Bulunamadı/)
    const pt = await graphql(`{ legalActions(matchId: "${missing}") { id } }`, { 'accept-language': 'pt-BR' })
    expect(pt.body.errors[0].extensions.code).toBe('NOT_FOUND')
    expect(pt.body.errors[0].message).toMatch(/^Não encontrado/)
    const en = await rest('GET', `/api/matches/${missing}`)
    expect(en.body.message).toMatch(/^no match /)
    const ayse = await player('Ayşe', 'tr')
    const byPreference = await rest('GET', `/api/matches/${missing}`, auth(ayse.key))
    expect(byPreference.body.message).toMatch(/^Bulunamadı/)
  })

  it("the log's labels and eventTexts, the transcript and endReasonText in the caller's language", async () => {
    const ayse = await player('Ayşe', 'pt-BR')
    const { id, tokens } = await match(ayse)
    const legal = (await rest('GET', `/api/matches/${id}/legal-actions?seat=0`, auth(tokens[0]))).body as {
      id: string
      label: string
    }[]
    const recycle = legal.find(a => a.label.startsWith('Reciclar '))!
    expect((await rest('POST', `/api/matches/${id}/actions`, auth(tokens[0]), { actionId: recycle.id })).status).toBe(
      200,
    )
    const resigned = await rest('POST', `/api/matches/${id}/resign`, auth(tokens[1]), {})
    expect(resigned.status).toBe(200)

    const log = (await rest('GET', `/api/matches/${id}/log`, auth(tokens[0]))).body as {
      label: string
      eventTexts: string[]
    }[]
    expect(log[0]!.label).toBe(recycle.label)
    expect(log[0]!.eventTexts.join('\n')).toMatch(/Ayşe recicla /)
    expect(log[1]!.label).toBe('desistiu')
    const english = (await rest('GET', `/api/matches/${id}/log?lang=en`, auth(tokens[0]))).body as {
      label: string
      eventTexts: string[]
    }[]
    expect(english[0]!.label).toMatch(/^Recycle /)
    expect(english[1]!.label).toBe('resigned')

    const words = await graphql(
      `
        query ($id: ID!) {
          match(id: $id) {
            endReason
            endReasonText
            tr: endReasonText(lang: "tr")
            transcript
            trTranscript: transcript(lang: "tr")
            log {
              label
              eventTexts
              trLabel: label(lang: "tr")
              trTexts: eventTexts(lang: "tr")
            }
          }
        }
      `,
      auth(tokens[0]),
      '/graphql',
      { id },
    )
    const m = words.body.data.match
    expect([m.endReason, m.endReasonText, m.tr]).toEqual(['resigned', 'desistência', 'çekildi'])
    expect(m.transcript[0]).toBe(`1. Ayşe: ${recycle.label}`)
    expect(m.trTranscript[0]).toMatch(/^1\. Ayşe: Geri dönüştür: /)
    expect(m.log[0].trLabel).toMatch(/^Geri dönüştür: /)
    expect(m.log[0].trTexts.join('\n')).toMatch(/Ayşe geri dönüştürüyor/)
    expect(m.log[0].eventTexts).toEqual(log[0]!.eventTexts)
    const rested = await rest('GET', `/api/matches/${id}?lang=tr`, auth(tokens[1]))
    expect(rested.body.endReasonText).toBe('çekildi')
  })
})
