/** Where a load's CPU goes on this machine: the bench server's, the local PostgreSQL's and the load generator's own. */
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

// /proc reports utime and stime in clock ticks, 100 a second on Linux.
const TICK_MICROS = 10_000

/**
 * The CPU time (µs) of every PostgreSQL process on this machine (backends, WAL writer, checkpointer); null without
 * /proc.
 */
export function postgresCpu(): number | null {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter(d => /^\d+$/.test(d))
  } catch {
    return null
  }
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue
      const fields = stat.slice(close + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * TICK_MICROS
}

export function generatorCpu(): number {
  const u = process.cpuUsage()
  return u.user + u.system
}

export interface CpuSample {
  server: number
  postgres: number | null
  generator: number
}

/**
 * A request's CPU in each part (µs), and two ceilings: the rate the machine's cores could give if every core were
 * busy with nothing else (a load generator and database share the machine with the server), and the rate of
 * the one server process, whose JavaScript runs on one thread, with that thread always busy.
 */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): { server: number; postgres: number | null; generator: number; ceiling: number; processCeiling: number } {
  const server = (after.server - before.server) / requests
  const postgres =
    before.postgres === null || after.postgres === null ? null : (after.postgres - before.postgres) / requests
  const generator = (after.generator - before.generator) / requests
  return {
    server,
    postgres,
    generator,
    ceiling: (availableParallelism() * 1e6) / (server + (postgres ?? 0) + generator),
    processCeiling: 1e6 / server,
  }
}
