// Swagger UI at /docs in a real browser: renders the REST API from this server alone, within the CSP.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { guardedContext, launchBrowser } from '../support/browser.ts'
import { startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
let browser: Browser
beforeAll(async () => {
  srv = await startListeningServer({ games: productionGames })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await srv?.close()
})

describe('the REST API docs at /docs', () => {
  it('render the operations with no outside request and no CSP violation', async () => {
    const { context, outside } = await guardedContext(browser, srv.base)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${srv.base}/docs`)
    await page.waitForSelector('.opblock-summary-path')
    const paths = await page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.getAttribute('data-path')))
    expect(paths).toEqual(expect.arrayContaining(['/api/matches', '/api/matches/{id}/legal-actions', '/api/games']))
    expect(await page.textContent('.info .title')).toContain('Arbiter')
    expect(outside).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
