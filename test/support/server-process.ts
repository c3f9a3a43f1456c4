/** `npm start` as a child process (src/main.ts) on a given database, resolved once it listens. */
import { spawn, type ChildProcess } from 'node:child_process'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** The process's error log lines since it listened (the last 50), for a failing test to show. */
  errors: string[]
}

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Starts a server on a free loopback port; rejects with its output if it exits or never listens. */
export function startServerProcess(dbUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: dbUrl, REDIS_URL, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    // A bound for a start that hangs: on a loaded machine loading the code alone took up to 145 s.
    const timer = setTimeout(() => reject(new Error(`no listening line:\n${out}`)), 300_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        out = ''
        // One line per request from here on: read and dropped, but for the errors (pino's level 50 and above).
        child.stdout!.off('data', onData)
        child.stderr!.off('data', onData)
        const errors: string[] = []
        const keepErrors = (data: Buffer) => {
          for (const line of data.toString().split('\n'))
            if (/"level":(5|6)\d/.test(line) && errors.push(line.slice(0, 2000)) > 50) errors.shift()
        }
        child.stdout!.on('data', keepErrors)
        child.stderr!.on('data', keepErrors)
        resolve({ url: m[1]!, child, errors })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', code => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code}:\n${out}`))
    })
  })
}
