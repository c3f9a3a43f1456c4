// The HTML pages through inject: / is the landing page, /graphiql and its files come from this server, and every other
// unknown path stays a JSON 404.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GRAPHIQL_VENDOR_FILES } from '../../src/api/web/graphiql.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer()
})
afterAll(async () => srv.close())

/** Every script and stylesheet a page names. */
function assets(html: string): string[] {
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map(m => m[1]!)
}

const TYPES: Record<string, string> = { '.js': 'javascript', '.css': 'text/css' }

describe('the landing page at /', () => {
  it('is HTML linking GraphiQL, the API docs and the quick start, and its script and stylesheet are served', async () => {
    const res = await srv.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    for (const href of ['/graphiql', '/docs', '#quick-start']) expect(res.body).toContain(`href="${href}"`)
    const files = assets(res.body)
    expect(files).toEqual(['/landing/landing.css', '/landing/landing.js'])
    for (const url of files) {
      const file = await srv.app.inject({ method: 'GET', url })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toContain(TYPES[path.extname(url)])
    }
  })

  it('only / is HTML: other unknown paths, under /api or not, are still the JSON 404', async () => {
    for (const url of ['/nope', '/api/nope', '/landing/nope.js', '/index.html']) {
      const res = await srv.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    }
  })
})

describe('GraphiQL at /graphiql', () => {
  it('loads the packaged react, react-dom, graphiql and graphql-ws builds and its own script, each served byte for byte', async () => {
    const page = await srv.app.inject({ method: 'GET', url: '/graphiql' })
    expect(page.statusCode).toBe(200)
    const files = assets(page.body)
    const vendor = GRAPHIQL_VENDOR_FILES.map(f => `/graphiql/vendor/${path.basename(f)}`)
    expect([...files].sort()).toEqual([...vendor, '/graphiql/graphiql-page.css', '/graphiql/graphiql-page.js'].sort())
    for (const [i, url] of vendor.entries()) {
      const res = await srv.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain(TYPES[path.extname(url)])
      expect(res.rawPayload.equals(readFileSync(GRAPHIQL_VENDOR_FILES[i]!))).toBe(true)
    }
  })

  it('compresses those builds for a browser that asks (brotli, else gzip), and leaves API answers uncompressed', async () => {
    let [sent, size] = [0, 0]
    for (const file of GRAPHIQL_VENDOR_FILES) {
      const url = `/graphiql/vendor/${path.basename(file)}`
      const original = readFileSync(file)
      const br = await srv.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(br.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true)
      const gzip = await srv.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true)
      sent += br.rawPayload.length
      size += original.length
    }
    // The stylesheet carries its fonts as data: URLs, which hardly compress; the scripts shrink about fourfold.
    expect(sent).toBeLessThan(size / 2)
    const api = await srv.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ games { id name } }' },
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(api.statusCode).toBe(200)
    expect(api.headers['content-encoding']).toBeUndefined()
    const page = await srv.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    })
    expect(page.headers['content-encoding']).toBeUndefined()
  })

  it('serves no other file of those packages', async () => {
    for (const url of [
      '/graphiql/vendor/package.json',
      '/graphiql/vendor/dist/index.js',
      '/graphiql/vendor/react.development.js',
      '/graphiql/vendor/..%2Fpackage.json',
      '/graphiql/vendor/',
    ]) {
      const res = await srv.app.inject({ method: 'GET', url })
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 })
    }
  })

  it('a browser opening /graphql is still sent to /graphiql', async () => {
    const res = await srv.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/graphiql')
  })
})
