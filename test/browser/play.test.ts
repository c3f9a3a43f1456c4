// The match page in real Chromium: two seats play a whole match of each game by clicking its buttons, a phone-width
// spectator follows.
import { describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productionGames, randomPlayOptions } from '../../src/games/index.ts'
import { artifactPath, guardedContext, browserAndServer } from '../support/browser.ts'
import { api, chooser, clickAction, hiddenNames, offeredActions, pageAt, PLAY, type Seen } from './match-page.ts'

const env = browserAndServer()

/**
 * Each game's page is photographed at the first decision from this one on (where `photo` agrees): far enough in that
 * the board has cards in play.
 */
const SHOT_AT = 14
const MAX_DECISIONS = 400
const PHONE = { width: 390, height: 844 }

interface Viewer {
  page: Page
  context: BrowserContext
  outside: string[]
  requested: string[]
  token: string | null
}

async function openViewer(
  base: string,
  path: string,
  token: string | null,
  viewport?: { width: number; height: number },
): Promise<Viewer> {
  const { context, outside } = await guardedContext(env.browser, base, viewport)
  const requested: string[] = []
  context.on('request', r => requested.push(r.url()))
  const page = await context.newPage()
  await page.goto(`${base}${path}${token ? `#seat=${token}` : ''}`)
  return { page, context, outside, requested, token }
}

async function viewOf(matchId: string, token: string | null): Promise<Seen> {
  const m = await api(env.srv.app, 'GET', `/api/matches/${matchId}`, token)
  return { view: m.view, words: [] }
}

/** The transcript and labels the viewer is given, which may name a card of the same name as a hidden one. */
async function wordsOf(matchId: string, token: string | null): Promise<string[]> {
  const transcript = await api<string[]>(env.srv.app, 'GET', `/api/matches/${matchId}/transcript`, token)
  const legal = token
    ? await api<{ label: string }[]>(env.srv.app, 'GET', `/api/matches/${matchId}/legal-actions`, token)
    : []
  return [...transcript, ...legal.map(l => l.label)]
}

describe.each(productionGames.map(g => [g.id, g] as const))('the match page plays %s', (gameId, engine) => {
  test('two seats click legal actions until the match ends; no page shows a card its viewer may not see; a phone-width spectator follows', async () => {
    const decks = engine.sampleDecks()
    const plan = PLAY[gameId]!
    const created = await api(env.srv.app, 'POST', '/api/matches', null, {
      game: gameId,
      seats: [
        { deck: decks[plan.decks[0]]!.deck, name: 'Ann' },
        { deck: decks[plan.decks[1]]!.deck, name: 'Bob' },
      ],
      seed: `browser-${gameId}-${plan.seed}`,
      options: randomPlayOptions(gameId),
      clock: { perMoveSeconds: 86400, onTimeout: 'FORFEIT', reminderAt: 0 },
    })
    const id: string = created.match.id
    const tokens: string[] = created.seats.map((s: { token: string }) => s.token)
    const seats = await Promise.all(tokens.map(t => openViewer(env.srv.base, `/play/${id}`, t)))
    const spectator = await openViewer(env.srv.base, `/play/${id}`, null, PHONE)
    const viewers = [...seats, spectator]
    const choose = chooser(`clicks-${gameId}-${plan.seed}`, plan.avoidOdds)

    let decisions = 0
    let leaksChecked = 0
    let photographed = false
    for (;;) {
      const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
      const shown = await Promise.all(viewers.map(v => pageAt(v.page, m.version)))
      expect(shown).toEqual(viewers.map(() => m.version))

      // What each page shows is checked against what the API tells each viewer.
      const views = await Promise.all(viewers.map(v => viewOf(id, v.token)))
      for (const [i, v] of viewers.entries()) {
        const text = await v.page.locator('main').innerText()
        let shownHidden = hiddenNames(
          engine,
          views[i]!,
          views.filter((_, j) => j !== i),
        ).filter(n => text.includes(n))
        // Only then is the viewer's own text fetched: it may name a card that shares a hidden card's name.
        if (shownHidden.length > 0) {
          const words = await wordsOf(id, v.token)
          shownHidden = hiddenNames(
            engine,
            { ...views[i]!, words },
            views.filter((_, j) => j !== i),
          ).filter(n => text.includes(n))
        }
        expect(shownHidden, `viewer ${i} at version ${m.version}`).toEqual([])
      }
      leaksChecked++
      const width = await spectator.page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, 'the phone-width page scrolls sideways').toBeLessThanOrEqual(PHONE.width)

      if (m.status !== 'ACTIVE') break
      expect(decisions).toBeLessThan(MAX_DECISIONS)
      const seat: number = m.toAct[0]
      const page = seats[seat]!.page
      const offered = (await offeredActions(page, m.version)).sort()
      const legal = await api<{ id: string; action: { type: string } }[]>(
        env.srv.app,
        'GET',
        `/api/matches/${id}/legal-actions`,
        tokens[seat],
      )
      expect(offered).toEqual(legal.map(a => a.id).sort())
      const byId = new Map(legal.map(a => [a.id, a.action]))
      if (!photographed && decisions >= SHOT_AT && (plan.photo?.(m.view) ?? true)) {
        photographed = true
        await page.screenshot({ path: artifactPath(`${gameId}.png`), fullPage: true })
        await spectator.page.screenshot({ path: artifactPath(`${gameId}-phone-spectator.png`), fullPage: true })
      }
      await clickAction(
        page,
        choose(offered, a => plan.avoid.includes(byId.get(a)!.type)),
      )
      await pageAt(page, m.version + 1)
      decisions++
    }

    const final = await api(env.srv.app, 'GET', `/api/matches/${id}`)
    expect(final.status).toBe('FINISHED')
    expect(photographed).toBe(true)
    for (const v of viewers) await v.page.locator('.match[data-status="FINISHED"]').waitFor()
    expect(await seats[0]!.page.locator('[data-state]').innerText()).toMatch(/^Finished/)
    await seats[0]!.page.screenshot({ path: artifactPath(`${gameId}-finished.png`), fullPage: true })
    console.log(`${gameId}: ${decisions} decisions clicked, pages checked for hidden cards at ${leaksChecked} versions`)

    for (const v of viewers) {
      expect(v.outside, 'requests outside the server').toEqual([])
      for (const t of tokens)
        expect(
          v.requested.filter(u => u.includes(t)),
          'a token in a requested URL',
        ).toEqual([])
      await v.context.close()
    }
    // A whole match clicked through in three browser pages: 34 s to over 2 minutes per game on a busy 2-core machine
    // (Dice Throne holds more windows open since its sales and roll attempts wait for answers).
  }, 360_000)
})
