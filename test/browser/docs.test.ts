// Swagger UI at /docs in a real browser: renders the REST API from this server alone, within the CSP.
import { describe, expect, it } from 'vitest'
import { openGuardedPage, browserAndServer } from '../support/browser.ts'

const env = browserAndServer()

describe('the REST API docs at /docs', () => {
  it('render the operations with no outside request and no CSP violation', async () => {
    const { context, page, outside, errors } = await openGuardedPage(env.browser, env.srv.base, `${env.srv.base}/docs`)
    await page.waitForSelector('.opblock-summary-path')
    const paths = await page.$$eval('.opblock-summary-path', els => els.map(e => e.getAttribute('data-path')))
    expect(paths).toEqual(expect.arrayContaining(['/api/matches', '/api/matches/{id}/legal-actions', '/api/games']))
    expect(await page.textContent('.info .title')).toContain('Arbiter')
    expect(outside).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
