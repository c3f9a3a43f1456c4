// GraphiQL at /graphiql in a real browser: loads from this server alone within the CSP, runs a query, and runs a
// subscription over its WebSocket.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { artifactPath, openGuardedPage, browserAndServer } from '../support/browser.ts'
import { CREATE_MATCH, gql, SUBMIT } from '../support/server.ts'

const env = browserAndServer()

/** The text of one of GraphiQL's CodeMirror 5 editors (each element carries its editor instance). */
async function editorText(page: Page, selector: string): Promise<string> {
  return page.evaluate(sel => {
    const el = document.querySelector(sel) as (Element & { CodeMirror?: { getValue(): string } }) | null
    return el?.CodeMirror?.getValue() ?? ''
  }, selector)
}

/** The result pane as JSON, once its text matches `until`. */
async function resultJson(page: Page, until: RegExp): Promise<any> {
  await page.waitForFunction(source => {
    const el = document.querySelector('.result-window .CodeMirror') as
      (Element & { CodeMirror?: { getValue(): string } }) | null
    return new RegExp(source).test(el?.CodeMirror?.getValue() ?? '')
  }, until.source)
  return JSON.parse(await editorText(page, '.result-window .CodeMirror'))
}

describe('GraphiQL at /graphiql, served by this server alone', () => {
  it('renders the editor with the example query and the Authorization header, with no outside request and no CSP violation, and runs the query', async () => {
    const { context, page, outside, errors } = await openGuardedPage(
      env.browser,
      env.srv.base,
      `${env.srv.base}/graphiql`,
      { width: 1280, height: 800 },
    )
    await page.waitForSelector('.graphiql-query-editor .CodeMirror')
    expect(await editorText(page, '.graphiql-query-editor .CodeMirror')).toContain('query Games {')
    // The header editor is open, pre-filled with the Authorization example.
    const headers = await editorText(page, '.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror')
    expect(JSON.parse(headers)).toEqual({ Authorization: 'Bearer <seat token or player key>' })
    await page.click('.graphiql-execute-button')
    const result = await resultJson(page, /"games"/)
    expect(result.data.games.map((g: { id: string }) => g.id).sort()).toEqual([
      'cyber-net-cards',
      'cyberpunk-tcg',
      'dice-throne-marvel',
    ])
    await page.screenshot({ path: artifactPath('graphiql.png') })
    expect(outside).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('runs matchUpdated over the WebSocket with the token typed in the header editor: the first view, then the next version when a move is made', async () => {
    const decks = productionGames.find(g => g.id === 'cyber-net-cards')!.sampleDecks()
    const created = await gql(env.srv.app, CREATE_MATCH, {
      input: { game: 'cyber-net-cards', seats: [{ deck: decks[0]!.deck }, { deck: decks[1]!.deck }] },
    })
    expect(created.errors).toBeUndefined()
    const { match, seats } = created.data.createMatch
    const query = `subscription Watch { matchUpdated(matchId: "${match.id}") { version status seat toAct } }`
    const { context, page, outside } = await openGuardedPage(
      env.browser,
      env.srv.base,
      `${env.srv.base}/graphiql?query=${encodeURIComponent(query)}`,
    )
    await page.waitForSelector('.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror')
    // Typed into the header editor as a user would: the token of seat 1, which the view must then name.
    await page.evaluate(token => {
      const el = document.querySelector(
        '.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror',
      ) as Element & { CodeMirror: { setValue(v: string): void } }
      el.CodeMirror.setValue(JSON.stringify({ Authorization: `Bearer ${token}` }))
    }, seats[1].token)
    await page.click('.graphiql-execute-button')
    const first = await resultJson(page, /"matchUpdated"/)
    expect(first.data.matchUpdated).toEqual({ version: 0, status: 'ACTIVE', seat: 1, toAct: match.toAct })
    const mover = seats.find((s: { seat: number }) => s.seat === match.toAct[0])
    const legal = await gql(
      env.srv.app,
      `query($id: ID!) { legalActions(matchId: $id) { id } }`,
      { id: match.id },
      mover.token,
    )
    const moved = await gql(
      env.srv.app,
      SUBMIT,
      { input: { matchId: match.id, actionId: legal.data.legalActions[0].id } },
      mover.token,
    )
    expect(moved.errors).toBeUndefined()
    const next = await resultJson(page, /"version": [1-9]/)
    expect(next.data.matchUpdated.version).toBe(moved.data.submitAction.match.version)
    expect(next.data.matchUpdated.seat).toBe(1)
    expect(outside).toEqual([])
    await context.close()
  })
})
