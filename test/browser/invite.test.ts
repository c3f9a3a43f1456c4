// The match page's invitation form in real Chromium: an invitee picks a sample deck (or pastes a list), joins, and the
// match starts.
import { expect, test } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { artifactPath, guardedContext, browserAndServer } from '../support/browser.ts'
import { api, pageAt } from './match-page.ts'

const env = browserAndServer()

const decks = cyberNetCards.sampleDecks()

/** A Cyber Net Cards match with Ann seated and one open seat; returns its id, Ann's token and the invitation code. */
async function invitation(): Promise<{ id: string; ann: string; code: string }> {
  const created = await api(env.srv.app, 'POST', '/api/matches', null, {
    game: 'cyber-net-cards',
    seats: [{ deck: decks[0]!.deck, name: 'Ann' }, { open: true }],
  })
  expect(created.match.status).toBe('WAITING')
  return { id: created.match.id, ann: created.seats[0].token, code: created.invites[0].code }
}

async function invitee(id: string, code: string) {
  const { context, outside } = await guardedContext(env.browser, env.srv.base, { width: 390, height: 844 })
  const requested: string[] = []
  context.on('request', r => requested.push(r.url()))
  const page = await context.newPage()
  await page.goto(`${env.srv.base}/play/${id}#invite=${code}`)
  await page.locator('form.join').waitFor()
  return { context, outside, requested, page }
}

test('an invitee picks a sample deck and joins: the match starts, the page becomes the seat, and the seated player sees it start', async () => {
  const { id, ann, code } = await invitation()
  const seated = await guardedContext(env.browser, env.srv.base)
  const annPage = await seated.context.newPage()
  await annPage.goto(`${env.srv.base}/play/${id}#seat=${ann}`)
  await annPage.locator('.match[data-status="WAITING"]').waitFor()

  const bob = await invitee(id, code)
  await bob.page.getByLabel(decks[1]!.name).check()
  await bob.page.locator('input[name=name]').fill('Bob')
  await bob.page.screenshot({ path: artifactPath('join-form-phone.png'), fullPage: true })
  await bob.page.getByRole('button', { name: 'Join' }).click()
  await bob.page.locator('.match[data-status="ACTIVE"]').waitFor()

  const hash = await bob.page.evaluate(() => location.hash)
  expect(hash).toMatch(/^#seat=/)
  const token = decodeURIComponent(hash.slice('#seat='.length))
  const mine = await api(env.srv.app, 'GET', `/api/matches/${id}`, token)
  expect(mine.seat).toBe(1)
  expect(mine.status).toBe('ACTIVE')
  expect(mine.seats[1].name).toBe('Bob')
  expect(mine.view.players[1].avatar).toBe(decks[1]!.deck.avatar)
  expect(await bob.page.locator('.status').innerText()).toContain('You are Bob')
  // Ann's page heard of the start over the stream.
  await annPage.locator('.match[data-status="ACTIVE"]').waitFor()
  await pageAt(annPage, mine.version)

  expect(bob.outside).toEqual([])
  expect(seated.outside).toEqual([])
  expect(bob.requested.filter(u => u.includes(code) || u.includes(token))).toEqual([])
  await bob.context.close()
  await seated.context.close()
})

test('an invitee pastes a deck list by printed names and joins with it', async () => {
  const { id, code } = await invitation()
  const deck = decks[2]!.deck
  const name = (cid: string) => cyberNetCards.cards().find(c => c.id === cid)!.name
  const list = [name(deck.avatar), ...deck.main.map(e => `${e.count} ${name(e.card)}`)].join('\n')

  const bob = await invitee(id, code)
  await bob.page.getByLabel('Paste a deck list').check()
  await bob.page.locator('textarea[name=list]').fill(list)
  await bob.page.getByRole('button', { name: 'Join' }).click()
  await bob.page.locator('.match[data-status="ACTIVE"]').waitFor()

  const m = await api(env.srv.app, 'GET', `/api/matches/${id}`)
  expect(m.status).toBe('ACTIVE')
  expect(m.view.players[1].avatar).toBe(deck.avatar)
  expect(bob.outside).toEqual([])
  await bob.context.close()
})

test('a wrong invitation code is refused on the page and no seat is taken', async () => {
  const { id } = await invitation()
  const bob = await invitee(id, 'not-the-code')
  await bob.page.getByRole('button', { name: 'Join' }).click()
  await expect(bob.page.locator('.join [role=alert]').innerText()).resolves.toContain('INVITE_INVALID')
  const m = await api(env.srv.app, 'GET', `/api/matches/${id}`)
  expect(m.status).toBe('WAITING')
  await bob.context.close()
})

test('a refused deck shows the reasons on the invitation page, and no seat is taken', async () => {
  const { id, code } = await invitation()
  const deck = decks[0]!.deck
  const name = (cid: string) => cyberNetCards.cards().find(c => c.id === cid)!.name
  const bob = await invitee(id, code)
  await bob.page.getByLabel('Paste a deck list').check()
  await bob.page.locator('textarea[name=list]').fill(`${name(deck.avatar)}\n1 ${name(deck.main[0]!.card)}`)
  await bob.page.getByRole('button', { name: 'Join' }).click()
  const alert = bob.page.locator('.join [role=alert]')
  await alert.locator('.refusals li').first().waitFor()
  const refusal = await api(env.srv.app, 'POST', `/api/matches/${id}/join`, null, {
    inviteCode: code,
    deck: { avatar: deck.avatar, main: [{ card: deck.main[0]!.card, count: 1 }] },
  }).catch((e: Error) => e.message)
  expect(refusal).toContain('DECK_ILLEGAL')
  const reasons = await alert.locator('.refusals li').allInnerTexts()
  expect(reasons.length).toBeGreaterThan(0)
  expect(await alert.innerText()).toContain('The deck was refused:')
  expect((await api(env.srv.app, 'GET', `/api/matches/${id}`)).status).toBe('WAITING')
  await bob.context.close()
})
