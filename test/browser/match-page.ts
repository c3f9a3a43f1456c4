/**
 * Helpers of the match-page browser tests: create a match over the API, drive a seat's page by its buttons, find hidden
 * card names.
 */
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { randomPlayOptions } from '../../src/games/index.ts'
import { Random } from '../../src/kernel/index.ts'
import type { AnyEngine } from '../../src/kernel/index.ts'
import type { ArbiterServer } from '../../src/server.ts'

/**
 * Per game: the sample decks, the seed of the match and of the clicks (a match and its clicks are
 * deterministic), and the action types the chooser takes only one time in `avoidOdds`. Random play is
 * long (Dice Throne about 250 decisions), so these were picked by playing the same chooser on the
 * engines: about 40, 60 and 85 decisions, each a whole match by the rules. Shared by the whole-match and
 * click-count tests.
 */
export const PLAY: Record<
  string,
  {
    decks: [number, number]
    seed: number
    avoid: string[]
    avoidOdds: number
    photo?: (view: any) => boolean
    /** The cut in clicks the click-count test holds the page to, where it is one (issue 30: Dice Throne). */
    clickCut?: number
  }
> = {
  'cyber-net-cards': { decks: [2, 0], seed: 2, avoid: [], avoidOdds: 1 },
  'cyberpunk-tcg': { decks: [1, 0], seed: 4, avoid: [], avoidOdds: 1 },
  // photographed with dice on the table
  'dice-throne-marvel': {
    decks: [1, 3],
    seed: 7,
    avoid: ['roll', 'noAttack', 'sell', 'play', 'setAutoPass'],
    avoidOdds: 10,
    photo: v => v.roll !== null,
    clickCut: 0.3,
  },
}

export async function api<T = any>(
  app: ArbiterServer,
  method: 'GET' | 'POST',
  url: string,
  token?: string | null,
  payload?: unknown,
): Promise<T> {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  })
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** A match of `game` between Ann and Bob with these two decks; returns its id and the seats' tokens. */
export async function newMatch(
  app: ArbiterServer,
  game: string,
  seed: string,
  decks: unknown[],
): Promise<{ id: string; tokens: string[] }> {
  const created = await api(app, 'POST', '/api/matches', null, {
    game,
    seats: [
      { deck: decks[0], name: 'Ann' },
      { deck: decks[1], name: 'Bob' },
    ],
    seed,
    options: randomPlayOptions(game),
  })
  return { id: created.match.id, tokens: created.seats.map((s: { token: string }) => s.token) }
}

/** The moves of a match after `version`, as `token`'s seat reads them. */
export function movesAfter(
  app: ArbiterServer,
  id: string,
  version: number,
  token: string | undefined,
): Promise<{ seat: number; action: unknown }[]> {
  return api(app, 'GET', `/api/matches/${id}/log?after=${version}`, token)
}

/** The match page's own catalogue of one language (web/play/words/), plain JavaScript. */
export async function pageWords(language: string): Promise<Record<string, string>> {
  const url = pathToFileURL(new URL(`../../web/play/words/${language}.js`, import.meta.url).pathname).href
  return ((await import(url)) as { default: Record<string, string> }).default
}

/**
 * Waits until the page shows the match at `version` (or later) with its choices loaded, and returns the version shown.
 */
export async function pageAt(page: Page, version: number): Promise<number> {
  await page.waitForFunction(v => {
    const m = document.querySelector('.match')
    return m !== null && Number(m.getAttribute('data-match-version')) >= v
  }, version)
  return Number(await page.locator('.match').getAttribute('data-match-version'))
}

/** The action ids the page offers as buttons for `version`, waiting for them to load. */
export async function offeredActions(page: Page, version: number): Promise<string[]> {
  const buttons = page.locator(
    `.match[data-match-version="${version}"] .actions[data-for-version="${version}"] button.action`,
  )
  await buttons.first().waitFor({ state: 'attached' })
  return buttons.evaluateAll(els => els.map(e => e.getAttribute('data-action-id') ?? ''))
}

/**
 * Clicks the button of one action, opening its group first when it is folded away, and confirms it when the page asks
 * (conceding, or ending while other choices remain: the button says so with data-confirm).
 */
export async function clickAction(page: Page, id: string): Promise<void> {
  const button = page.locator(`button.action[data-action-id="${id}"]`)
  const group = page.locator('details.group', { has: button })
  if ((await group.count()) > 0 && !(await group.evaluate(d => (d as HTMLDetailsElement).open)))
    await group.locator('summary').click()
  const confirms = (await button.getAttribute('data-confirm')) === 'true'
  await button.click()
  if (confirms) await page.locator('[role=alertdialog] button.danger').click()
}

/** A seeded chooser: uniform among the offered ids, except those `avoid` marks, taken only one time in `avoidOdds`. */
export function chooser(seed: string, avoidOdds = 1) {
  const rng = Random.fromSeed(seed)
  return (ids: string[], avoided: (id: string) => boolean): string => {
    const kept = ids.filter(id => !avoided(id))
    const pool = kept.length > 0 && rng.int(0, avoidOdds - 1) !== 0 ? kept : ids
    return pool[rng.int(0, pool.length - 1)]!
  }
}

/** Every catalogue id named anywhere in a JSON value (as a string or an object key). */
export function cardIdsIn(value: unknown, ids: Set<string>, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (ids.has(value)) out.add(value)
  } else if (Array.isArray(value)) {
    for (const v of value) cardIdsIn(v, ids, out)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (ids.has(k)) out.add(k)
      cardIdsIn(v, ids, out)
    }
  }
  return out
}

export interface Seen {
  view: unknown
  /** The transcript and legal-action labels this viewer is given: text the page may show. */
  words: string[]
}

/**
 * The printed names the viewer's page must not show: cards that some other seat's view names and the
 * viewer's does not, unless the name is in text the viewer is given anyway (its cards' text, its
 * transcript, its labels): that text may name a card of the same name.
 */
export function hiddenNames(engine: AnyEngine, viewer: Seen, others: Seen[]): string[] {
  const catalogue = new Map(engine.cards().map(c => [c.id, c]))
  const ids = new Set(catalogue.keys())
  const mine = cardIdsIn(viewer.view, ids)
  const given = [...viewer.words]
  for (const id of mine) {
    const c = catalogue.get(id)!
    given.push(c.name, JSON.stringify(c.data))
  }
  const allowed = given.join('\n')
  const hidden = new Set<string>()
  for (const o of others)
    for (const id of cardIdsIn(o.view, ids)) if (!mine.has(id)) hidden.add(catalogue.get(id)!.name)
  return [...hidden].filter(name => !allowed.includes(name))
}
