-- The deadline whose reminder was sent: a reminder job run again (a retry after a crash) or the sweep's sends none twice.
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "remindedFor" TIMESTAMP(3);
