// The match page's boards in real Chromium: Dice Throne's ability boards, Cyber Net Cards' chain as a stack with its
// answers beside it, and the phone layout (the viewer's own seat first, long piles folded, the transcript a tap away).
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { diceThroneMarvel } from '../../src/games/dice-throne-marvel/index.ts'
import { guardedContext, browserAndServer } from '../support/browser.ts'
import { api, movesAfter, newMatch, pageAt, pageWords } from './match-page.ts'

const env = browserAndServer()

const en = await pageWords('en')

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1366, height: 900 }
const ROMAN = ['I', 'II', 'III']

interface Listed {
  id: string
  label: string
  action: { type: string; [k: string]: any }
}

/**
 * Plays the match over the API (the seat first asked each time takes what `pick` chooses among its listed actions)
 * until `reached` agrees with the match and that seat's listed actions; returns them.
 */
async function playUntil(
  id: string,
  tokens: string[],
  pick: (legal: Listed[]) => Listed,
  reached: (m: any, legal: Listed[]) => boolean,
): Promise<{ m: any; legal: Listed[] }> {
  for (let move = 0; move < 200; move++) {
    const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
    expect(m.status, 'the match ended before the board to check').toBe('ACTIVE')
    const seat: number = m.toAct[0]
    const legal = await api<Listed[]>(env.srv.app, 'GET', `/api/matches/${id}/legal-actions`, tokens[seat])
    if (reached(m, legal)) return { m, legal }
    const action = pick(legal)
    await api(env.srv.app, 'POST', `/api/matches/${id}/actions`, tokens[seat], {
      actionId: action.id,
      expectedVersion: m.version,
    })
  }
  throw new Error('the board to check was not reached in 200 moves')
}

/** The first listed action of the first of `types` that has one, else the first listed action. */
const preferring =
  (...types: ((a: Listed) => boolean)[]) =>
  (legal: Listed[]): Listed =>
    types.map(is => legal.find(is)).find(a => a !== undefined) ?? legal[0]!
const ofType = (type: string) => (a: Listed) => a.action.type === type

async function seatPage(id: string, token: string, viewport = LAPTOP): Promise<Page> {
  const { context } = await guardedContext(env.browser, env.srv.base, viewport)
  const page = await context.newPage()
  await page.goto(`${env.srv.base}/play/${id}#seat=${token}`)
  // the board comes once the game's cards are loaded, after the match itself
  await page.locator('.seat').first().waitFor({ state: 'attached' })
  return page
}

describe('the Marvel Dice Throne board', () => {
  test("each hero's ability board lists its abilities and defences at their levels with the dice they need, and marks the ones the offensive roll meets", async () => {
    const decks = diceThroneMarvel.sampleDecks().map(d => d.deck)
    const { id, tokens } = await newMatch(env.srv.app, 'dice-throne-marvel', 'boards-dt', [decks[0], decks[1]])
    const cards = await api<{ id: string; type: string; data: any }[]>(
      env.srv.app,
      'GET',
      '/api/games/dice-throne-marvel/cards',
    )
    const upgrades = new Set(cards.filter(c => c.type === 'hero-upgrade').map(c => c.id))
    // Towards an offensive roll whose abilities can be chosen, playing a Hero Upgrade whenever one is listed.
    const { m, legal } = await playUntil(
      id,
      tokens,
      preferring(
        a => a.action.type === 'play' && upgrades.has(a.action.card),
        ofType('roll'),
        ofType('done'),
        ofType('pass'),
      ),
      (_m, listed) => listed.some(ofType('select')),
    )
    const levels = m.view.players.map((p: any) => p.levels)
    expect(
      levels.some((l: Record<string, number>) => Object.keys(l).length > 0),
      'a hero upgraded an ability',
    ).toBe(true)

    const page = await seatPage(id, tokens[0]!)
    await pageAt(page, m.version)
    const shown = await page.locator('.seat').evaluateAll(seats =>
      seats.map(seat => ({
        seat: Number(seat.getAttribute('data-seat')),
        abilities: [...seat.querySelectorAll('.abilities .ability')].map(a => ({
          id: a.getAttribute('data-ability'),
          level: a.querySelector('.level')!.textContent!.trim(),
          variants: [...a.querySelectorAll('.variant')].map(v => ({
            faces: [...v.querySelectorAll('.face')].map(f => f.textContent!.trim()),
            met: v.getAttribute('data-met') === 'true',
          })),
        })),
      })),
    )

    const roller: number = m.view.roll.owner
    const selectable = new Set(legal.filter(ofType('select')).map(a => `${a.action.ability}/${a.action.variant}`))
    const expected = m.view.players.map((p: any) => {
      const hero = cards.find(c => c.id === p.hero)!.data
      const levelOf = (id: string, printed: number) => Math.min(p.levels[id] ?? 1, printed)
      return {
        seat: p.seat,
        abilities: [
          ...hero.abilities.map((a: any) => {
            const level = levelOf(a.id, a.levels.length)
            return {
              id: a.id,
              level: en['dt.levelN']!.replace('{level}', ROMAN[level - 1]!),
              variants: a.levels[level - 1].map((v: any, i: number) => ({
                faces: v.req.straight
                  ? [en[`dt.straight.${v.req.straight}`]]
                  : Object.entries(v.req.sym as Record<string, number>).flatMap(([sym, n]) => Array(n).fill(sym)),
                // the roll meets exactly the abilities its owner may choose
                met: p.seat === roller && selectable.has(`${a.id}/${i}`),
              })),
            }
          }),
          ...hero.defences.map((d: any) => {
            const level = levelOf(d.id, d.levels.length)
            return {
              id: d.id,
              level: en['dt.defenceLevel']!.replace('{level}', ROMAN[level - 1]!),
              variants: [{ faces: [en['dt.rollsDice']!.replace('{n}', d.levels[level - 1].dice)], met: false }],
            }
          }),
        ],
      }
    })
    expect(shown).toEqual(expected)
    expect(selectable.size).toBeGreaterThan(0)
    await page.context().close()
  })
})

/** Cyber Net Cards' answers to an open chain: another link, or letting it resolve. */
const ANSWERS = ['activate', 'ability', 'use', 'pass']
const isLink = (a: Listed) => ['activate', 'ability', 'use'].includes(a.action.type)

describe('the Cyber Net Cards chain', () => {
  test('the chain shows as a numbered stack, newest link on top, with who played each link; the answers are listed beside it and answer it', async () => {
    const decks = cyberNetCards.sampleDecks().map(d => d.deck)
    const { id, tokens } = await newMatch(env.srv.app, 'cyber-net-cards', 'boards-chain', [decks[0], decks[1]])
    // Activating whatever may be activated opens a chain; stop when its responder may add a link to it.
    const { m, legal } = await playUntil(
      id,
      tokens,
      preferring(ofType('activate'), ofType('place')),
      (match, listed) => match.view.chain.length > 0 && listed.some(isLink),
    )
    const responder: number = m.view.responder
    const names = ['Ann', 'Bob']
    const page = await seatPage(id, tokens[responder]!)
    await pageAt(page, m.version)

    const answers = page.locator('.actions .chain-answer button.answer')
    const answerIds = await answers.evaluateAll(els => els.map(e => e.getAttribute('data-answer-id')))
    expect(answerIds.sort()).toEqual(
      legal
        .filter(a => ANSWERS.includes(a.action.type))
        .map(a => a.id)
        .sort(),
    )
    // every answer stays in the full list of choices too
    const listed = await page.locator('.actions button.action').evaluateAll(els => els.map(e => e.dataset.actionId))
    expect(listed.sort()).toEqual(legal.map(a => a.id).sort())

    const answer = legal.find(isLink)!
    await page.locator(`button.answer[data-answer-id="${answer.id}"]`).click()
    await pageAt(page, m.version + 1)
    const log = await movesAfter(env.srv.app, id, m.version, tokens[responder])
    expect(log[0]).toMatchObject({ seat: responder, action: answer.action })

    const after = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[responder])
    expect(after.view.chain.length).toBe(m.view.chain.length + 1)
    const stack = await page.locator('.board .chain-zone .chain > li').evaluateAll(links =>
      links.map(l => ({
        n: Number(l.getAttribute('data-link')),
        number: l.querySelector('.link-n')!.textContent!.trim(),
        who: l.querySelector('.link-who strong')!.textContent!.trim(),
        top: l.querySelector('.link-who .badge') !== null,
      })),
    )
    const newestFirst = [...after.view.chain].reverse()
    expect(stack).toEqual(
      newestFirst.map((link: any, i: number) => {
        const n = after.view.chain.length - i
        return { n, number: String(n), who: names[link.seat], top: i === 0 }
      }),
    )
    expect(newestFirst[0].seat).toBe(responder)
    await page.context().close()
  })
})

describe('the page on a phone', () => {
  test("at 390 px the viewer's own seat comes first, a long Void is folded under its count, and the header's transcript link scrolls to the transcript keeping the seat; at 1366 px the seats stand side by side", async () => {
    const decks = cyberNetCards.sampleDecks().map(d => d.deck)
    const { id, tokens } = await newMatch(env.srv.app, 'cyber-net-cards', 'boards-phone', [decks[0], decks[1]])
    const longVoid = (match: any) => match.view.players.some((p: any) => p.void.length > 6)
    const { m } = await playUntil(id, tokens, preferring(ofType('activate'), ofType('place'), ofType('pass')), longVoid)
    // Bob's own seat is the second one on the table: on a phone it comes first.
    const phone = await seatPage(id, tokens[1]!, PHONE)
    await pageAt(phone, m.version)
    const top = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!
    const own = await top(phone, '.seat.you')
    const other = await top(phone, '.seat:not(.you)')
    expect(own.y + own.height).toBeLessThanOrEqual(other.y)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    const player = m.view.players.find((p: any) => p.void.length > 6)
    const pile = phone.locator(`.seat[data-seat="${player.seat}"] details.pile`)
    expect(await pile.evaluate(d => (d as HTMLDetailsElement).open)).toBe(false)
    expect(await pile.locator('summary').textContent()).toBe(`${en['cnc.void']} (${player.void.length})`)
    await pile.locator('summary').click()
    expect(await pile.locator('.card').count()).toBe(player.void.length)

    await phone.getByRole('link', { name: en['layout.toTranscript'] }).click()
    await phone.waitForFunction(() => document.activeElement?.id === 'transcript')
    const place = await phone.evaluate(() => ({
      top: document.getElementById('transcript')!.getBoundingClientRect().top,
      below: document.querySelector('.actions')!.getBoundingClientRect().bottom,
      height: innerHeight,
      hash: location.hash,
    }))
    expect(place.top).toBeGreaterThanOrEqual(place.below - 1)
    expect(place.top).toBeLessThan(place.height)
    // the fragment still holds the seat: the page is still Bob's
    expect(place.hash).toBe(`#seat=${tokens[1]}`)
    expect(await phone.locator('.seat.you[data-seat="1"]').count()).toBe(1)
    await phone.context().close()

    const laptop = await seatPage(id, tokens[1]!, LAPTOP)
    await pageAt(laptop, m.version)
    // both boxes read in one frame: the "Last move" line, loaded a moment later, moves every seat down
    const boxes = await laptop.evaluate(() =>
      ['0', '1'].map(seat => {
        const box = document.querySelector(`.seat[data-seat="${seat}"]`)!.getBoundingClientRect()
        return { x: box.x, y: box.y, width: box.width }
      }),
    )
    const [left, right] = [boxes[0]!, boxes[1]!]
    expect(right.y).toBe(left.y)
    expect(right.x).toBeGreaterThan(left.x + left.width - 1)
    expect(
      await laptop
        .locator('details.pile')
        .first()
        .evaluate(d => (d as HTMLDetailsElement).open),
    ).toBe(true)
    await laptop.context().close()
  })
})
