// What an answer costs a plain node:http server when it wakes a sleeping client: 10 keep-alive clients, answers at once
// (the clients never sleep) or after a wait (they sleep between answers). `node --import tsx bench/wake-cost.ts`
import { fork } from 'node:child_process'
import http from 'node:http'
import { GqlClient, runLoad } from './http-load.ts'

if (process.argv[2] === 'server') {
  const wait = Number(process.argv[3])
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const answer = () => res.setHeader('content-type', 'application/json').end('{"data":{"__typename":"Query"}}')
      if (wait > 0) setTimeout(answer, wait)
      else answer()
    })
  })
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }))
  process.on('message', () => {
    const u = process.cpuUsage()
    process.send?.({ cpu: u.user + u.system })
  })
} else {
  for (const wait of [0, 2.5, 0, 2.5]) {
    const child = fork(new URL(import.meta.url).pathname, ['server', String(wait)], { execArgv: ['--import', 'tsx'] })
    const port = await new Promise<number>(r => child.once('message', (m: { port: number }) => r(m.port)))
    const cpu = () =>
      new Promise<number>(r => {
        child.once('message', (m: { cpu: number }) => r(m.cpu))
        child.send('cpu')
      })
    const clients = Array.from({ length: 10 }, () => new GqlClient(port))
    const post = async (c: GqlClient) => (await c.status('/', 'POST')) === 200
    await runLoad(clients, 1, post)
    const before = await cpu()
    const r = await runLoad(clients, 3, post)
    const server = ((await cpu()) - before) / r.requests
    console.log(
      `answers ${wait ? `after ${wait} ms` : 'at once'}: ${Math.round(r.perSecond).toLocaleString('en-US')} req/s, server CPU ${server.toFixed(1)} µs/request`,
    )
    for (const c of clients) c.close()
    child.kill()
  }
}
