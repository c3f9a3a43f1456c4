-- Takebacks: whether a match allows them (null: the default, allowed unless rated) and the pending request.
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "takebacks" BOOLEAN,
ADD COLUMN "takeback" JSONB;
