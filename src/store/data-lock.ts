/** An exclusive lock on an embedded database's folder: one process (and one open database) per folder. */
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

export const LOCK_FILE = 'arbiter.lock'

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the data folder ${dataDir} is in use by process ${pid}${pid === process.pid ? ' (this process)' : ''}: ` +
        `two processes on one embedded database lose data. Stop the other process, give this one its own ARBITER_DATA_DIR, ` +
        `or use a PostgreSQL server (DATABASE_URL) for several processes. If no such process is running, delete ${path.join(dataDir, LOCK_FILE)}.`,
    )
    this.name = 'DataDirLocked'
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : 0
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

/**
 * Takes the lock, or throws DataDirLocked naming the live holder. The lock file holds the PID and is
 * created with O_EXCL, so of two processes starting together exactly one gets it. A lock whose process
 * is dead (killed, crashed) is stale: it is moved aside atomically, and if another process took the lock
 * meanwhile theirs is put back. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(path.resolve(dataDir), LOCK_FILE)
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      return () => {
        if (holder(file) === process.pid) unlinkSync(file)
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const pid = holder(file)
    if (pid === null) continue
    if (pid > 0 && alive(pid)) throw new DataDirLocked(dataDir, pid)
    const aside = `${file}.stale-${process.pid}-${attempt}`
    try {
      renameSync(file, aside)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw e
    }
    const moved = holder(aside)
    if (moved !== pid && moved !== null && moved > 0 && alive(moved)) {
      // Another process recovered the stale lock first and this moved its fresh one: give it back.
      try {
        linkSync(aside, file)
      } catch {
        // A third process holds the lock by now; the next attempt names it.
      }
    }
    unlinkSync(aside)
  }
  throw new Error(`could not lock the data folder ${dataDir}`)
}
