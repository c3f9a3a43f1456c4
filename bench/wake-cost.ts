// What an answer costs a plain node:http server when it wakes a sleeping client: 10 keep-alive clients, answers
// at once (the clients never sleep) or after a wait (they sleep between answers). `node --import tsx bench/wake-cost.ts`
import { fork } from 'node:child_process'
import http from 'node:http'
import { runLoad } from './http-load.ts'

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
    const port = await new Promise<number>((r) => child.once('message', (m: { port: number }) => r(m.port)))
    const cpu = () => new Promise<number>((r) => { child.once('message', (m: { cpu: number }) => r(m.cpu)); child.send('cpu') })
    const agents = Array.from({ length: 10 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }))
    const post = (agent: http.Agent) =>
      new Promise<boolean>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode === 200))
        })
        req.on('error', reject)
        req.end('{"query":"{ __typename }"}')
      })
    await runLoad(agents, 1, post)
    const before = await cpu()
    const r = await runLoad(agents, 3, post)
    const server = ((await cpu()) - before) / r.requests
    console.log(`answers ${wait ? `after ${wait} ms` : 'at once'}: ${Math.round(r.perSecond).toLocaleString('en-US')} req/s, server CPU ${server.toFixed(1)} µs/request`)
    for (const a of agents) a.destroy()
    child.kill()
  }
}
