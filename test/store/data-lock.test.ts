// One open embedded database per data folder: a second open is refused, a stale lock recovered.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirLocked, LOCK_FILE, lockDataDir } from '../../src/store/data-lock.ts'
import { openDatabase } from '../../src/store/database.ts'

const root = mkdtempSync(path.join(tmpdir(), 'arbiter-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const fresh = (name: string) => path.join(root, name)

/** The PID of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
  return Number(r.stdout.trim())
}

describe('one open embedded database per data folder', () => {
  it('a second open of the same folder is refused while the first is open, and allowed once it is closed', async () => {
    const dir = fresh('twice')
    const first = await openDatabase({ kind: 'pglite', dataDir: dir })
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLocked)
    await first.close()
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false)
    const again = await openDatabase({ kind: 'pglite', dataDir: dir })
    await again.close()
  })

  it('a stale lock (its process is dead) is recovered; a live one is named in the refusal', () => {
    const dir = fresh('stale')
    const file = path.join(dir, LOCK_FILE)
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, `${deadPid()}\n`)
    const release = lockDataDir(dir)
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid))
    release()
    writeFileSync(file, `${process.ppid}\n`)
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`))
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.ppid))
  })
})
