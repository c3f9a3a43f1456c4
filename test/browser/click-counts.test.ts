// Click counts (issue 30): the same matches played on the match page by a scripted player taking the page's shortest
// path, against the clicks the page of 2026-12-02 (commit ee19250) needed for the same decisions; printed, not timed.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { productionGames } from '../../src/games/index.ts'
import type { AnyEngine } from '../../src/kernel/index.ts'
import { guardedContext, browserAndServer } from '../support/browser.ts'
import { waitFor } from '../support/wait-for.ts'
import { api, chooser, newMatch, offeredActions, pageAt, PLAY } from './match-page.ts'

const env = browserAndServer()

/** The games the issue counts clicks in. */
const COUNTED = ['dice-throne-marvel', 'cyberpunk-tcg']
const MAX_DECISIONS = 400

interface Listed {
  id: string
  action: { type: string }
}

/**
 * The clicks the page of ee19250 (web/play/actions.js there) needed for one decision: every listed action was a
 * button; above 10 actions of more than one type they were grouped by type, and a group of more than 4 started
 * folded, so its buttons took a click on the group first.
 */
function oldPageClicks(legal: { type: string }[], chosen: { type: string }): number {
  const ofType = legal.filter(a => a.type === chosen.type).length
  const grouped = legal.length > 10 && new Set(legal.map(a => a.type)).size > 1
  return grouped && ofType > 4 ? 2 : 1
}

/** The page's rule for "move on for me" (web/play/move-on.js): one listed move besides auto-pass settings. */
function onlyChoice(legal: { type: string }[]): boolean {
  const moves = legal.filter(a => a.type !== 'setAutoPass')
  return moves.length === 1 && moves[0]!.type !== 'concede'
}

/** Clicks an action's button by the fewest clicks the page allows, and says how many it took. */
async function clickCounted(page: Page, id: string): Promise<{ clicks: number; confirmed: boolean }> {
  const selector = `button.action[data-action-id="${id}"]`
  const button = page.locator(`.actions ${selector}`)
  const group = page.locator('.actions details.group', { has: page.locator(selector) })
  let clicks = 0
  if ((await group.count()) > 0 && !(await group.evaluate(d => (d as HTMLDetailsElement).open))) {
    await group.locator('summary').click()
    clicks++
  }
  const confirms = (await button.getAttribute('data-confirm')) === 'true'
  await button.click()
  clicks++
  if (confirms) {
    await page.locator('[role=alertdialog] button.danger').click()
    clicks++
  }
  return { clicks, confirmed: confirms }
}

/** The old page's clicks for every move of the match, and how many of them the new page sent by itself. */
async function replayed(engine: AnyEngine, id: string): Promise<{ old: number; moves: number; movedOn: number }> {
  const history = await env.srv.app.services.matches.history(id)
  let old = 0
  let movedOn = 0
  const moves = history.log.filter(e => e.kind === 'move')
  for (const e of moves) {
    const legal: { type: string }[] = engine.legalActions(history.states[e.seq - 1], e.seat!)
    old += oldPageClicks(legal, e.action as { type: string })
    if (onlyChoice(legal)) movedOn++
  }
  return { old, moves: moves.length, movedOn }
}

describe.each(productionGames.filter(g => COUNTED.includes(g.id)).map(g => [g.id, g] as const))(
  'clicks on the match page of %s',
  (gameId, engine) => {
    test('issue 30: with "move on for me", a decision with no other choice takes no click; the rest take no more than on the old page but for confirming the end of a turn', async () => {
      const plan = PLAY[gameId]!
      const decks = engine.sampleDecks()
      const { id, tokens } = await newMatch(env.srv.app, gameId, `browser-${gameId}-${plan.seed}`, [
        decks[plan.decks[0]]!.deck,
        decks[plan.decks[1]]!.deck,
      ])
      const pages = await Promise.all(
        tokens.map(async token => {
          const { context } = await guardedContext(env.browser, env.srv.base)
          const page = await context.newPage()
          await page.goto(`${env.srv.base}/play/${id}#seat=${token}`)
          return { page, context }
        }),
      )
      // The switch is one click per player, counted.
      let clicks = 0
      for (const { page } of pages) {
        await page.locator('.move-on input[type=checkbox]').click()
        clicks++
      }
      const choose = chooser(`clicks-${gameId}-${plan.seed}`, plan.avoidOdds)
      let clicked = 0
      let confirmations = 0
      for (;;) {
        const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
        if (m.status !== 'ACTIVE') break
        expect(clicked).toBeLessThan(MAX_DECISIONS)
        const seat: number = m.toAct[0]
        const legal = await api<Listed[]>(env.srv.app, 'GET', `/api/matches/${id}/legal-actions`, tokens[seat])
        const now = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
        // the list read belongs to this version only if nothing moved in between (a page may have moved on)
        if (now.version !== m.version) continue
        if (onlyChoice(legal.map(a => a.action))) {
          await waitFor(
            'the page to move on by itself',
            async () => (await api(env.srv.app, 'GET', `/api/matches/${id}`)).version > m.version,
          )
          continue
        }
        const page = pages[seat]!.page
        const offered = await offeredActions(page, m.version)
        const byId = new Map(legal.map(a => [a.id, a.action]))
        const picked = choose(offered, a => plan.avoid.includes(byId.get(a)!.type))
        const { clicks: took, confirmed } = await clickCounted(page, picked)
        // Per decision: no more clicks than the old page, but for the confirmation the issue asks for.
        const old = oldPageClicks(
          legal.map(a => a.action),
          byId.get(picked)!,
        )
        expect(took - (confirmed ? 1 : 0), `${byId.get(picked)!.type} at version ${m.version}`).toBeLessThanOrEqual(old)
        clicks += took
        confirmations += confirmed ? 1 : 0
        clicked++
        await pageAt(page, m.version + 1)
      }
      const { old, moves, movedOn } = await replayed(engine, id)
      const cut = 1 - clicks / old
      console.log(
        `${gameId}: ${moves} moves; the old page ${old} clicks, this page ${clicks} (${clicked} decisions clicked, ` +
          `${confirmations} of them confirmed, ${movedOn} sent by the page, 2 switches): ` +
          `${(cut * 100).toFixed(1)} % fewer`,
      )
      // Every move is either clicked or one the page sent by itself, and the page sent only decisions without a choice.
      expect(clicked + movedOn).toBe(moves)
      if (plan.clickCut !== undefined) expect(cut).toBeGreaterThanOrEqual(plan.clickCut)
      for (const { context } of pages) await context.close()
    }, 360_000)
  },
)
