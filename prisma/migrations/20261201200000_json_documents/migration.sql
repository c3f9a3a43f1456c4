-- The documents written on every action are stored as json text (no jsonb parse per commit).
-- AlterTable
ALTER TABLE "Match" ALTER COLUMN "state" SET DATA TYPE JSON USING "state"::json;

-- AlterTable
ALTER TABLE "Action" ALTER COLUMN "events" SET DATA TYPE JSON USING "events"::json;

-- AlterTable
ALTER TABLE "IdempotencyKey" ALTER COLUMN "result" SET DATA TYPE JSON USING "result"::json;
