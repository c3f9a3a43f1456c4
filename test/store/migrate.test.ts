// The migration runner: each migration applied once and recorded as Prisma Migrate does; changed and failing ones.
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { applyMigrations, MIGRATIONS_DIR, type MigrationTarget } from '../../src/store/migrate.ts'

const tmp = mkdtempSync(path.join(tmpdir(), 'arbiter-migrations-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function target(db: PGlite): MigrationTarget {
  return {
    exclusive: fn =>
      db.transaction(tx =>
        fn({
          exec: async s => void (await tx.exec(s)),
          query: async (s, p) => (await tx.query<Record<string, unknown>>(s, p)).rows,
        }),
      ),
  }
}

describe('the migration runner', () => {
  it('applies each migration once and records it as Prisma Migrate does (name, sha256 checksum, finished)', async () => {
    const db = await PGlite.create()
    const first = await applyMigrations(target(db))
    expect(first).toEqual([
      '20261129120000_init',
      '20261201080000_play_by_mail',
      '20261201100000_deck_owners',
      '20261201200000_json_documents',
      '20261201220000_webhook_sweep',
      '20261201230000_reminder_claim',
      '20261202080000_invitation_consent',
      '20261202090000_delivery_in_flight',
      '20261202100000_quotas',
      '20261202110000_webhook_pause',
      '20261202120000_clock_policies',
      '20261202130000_player_events',
      '20261202150000_competition',
      '20261202150100_ladder',
      '20261202160000_chat',
      '20261203110000_takebacks',
      '20261203120000_tournaments',
      '20261203130000_ruleset_versions_deck_lab',
      '20261203140000_player_language',
      '20261203150000_card_sets',
      '20261204100000_duplicate_pairs',
      '20261204120000_deck_lab_claims',
    ])
    expect(await applyMigrations(target(db))).toEqual([])
    const rows = (
      await db.query<{
        migration_name: string
        checksum: string
        finished_at: Date | null
        applied_steps_count: number
      }>(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations"`)
    ).rows
    const sql = readFileSync(path.join(MIGRATIONS_DIR, '20261129120000_init', 'migration.sql'))
    expect(rows.map(r => r.migration_name).sort()).toEqual(first)
    rows.sort((a, b) => a.migration_name.localeCompare(b.migration_name))
    expect(rows[0]).toMatchObject({
      migration_name: '20261129120000_init',
      checksum: createHash('sha256').update(sql).digest('hex'),
      applied_steps_count: 1,
    })
    expect(rows[0]!.finished_at).not.toBeNull()
    const tables = (
      await db.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
    ).rows.map(r => r.t)
    expect(tables).toEqual([
      'Action',
      'AdminAction',
      'CardSet',
      'Challenge',
      'ChatMessage',
      'Deck',
      'DeckLabRun',
      'IdempotencyKey',
      'InvitationBlock',
      'LadderEntry',
      'LadderGame',
      'Match',
      'Player',
      'PlayerEvent',
      'PlayerMute',
      'QuotaUse',
      'RatedMatch',
      'Rating',
      'RatingChange',
      'Seat',
      'Seek',
      'Tournament',
      'TournamentEntrant',
      'TournamentPairing',
      'WebhookDelivery',
      '_prisma_migrations',
    ])
    await db.close()
  })

  it('refuses a migration whose file changed after it was applied, and rolls back a failing one', async () => {
    const dir = path.join(tmp, 'migrations')
    cpSync(MIGRATIONS_DIR, dir, { recursive: true })
    const db = await PGlite.create()
    await applyMigrations(target(db), dir)
    writeFileSync(path.join(dir, '20261129120000_init', 'migration.sql'), '-- edited\n', { flag: 'a' })
    await expect(applyMigrations(target(db), dir)).rejects.toThrow(/modified after it was applied/)

    const broken = path.join(tmp, 'broken')
    cpSync(MIGRATIONS_DIR, broken, { recursive: true })
    cpSync(path.join(broken, '20261129120000_init'), path.join(broken, '20261129130000_bad'), { recursive: true })
    writeFileSync(
      path.join(broken, '20261129130000_bad', 'migration.sql'),
      'CREATE TABLE "Half" (id int); SELECT * FROM nowhere;',
    )
    const db2 = await PGlite.create()
    await expect(applyMigrations(target(db2), broken)).rejects.toThrow()
    const half = await db2.query(`SELECT to_regclass('"Half"') AS t`)
    expect(half.rows[0]).toEqual({ t: null })
    const names = (
      await db2.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations"`)
    ).rows.map(r => r.migration_name)
    expect(names).toEqual(['20261129120000_init'])
    await db.close()
    await db2.close()
  })
})
