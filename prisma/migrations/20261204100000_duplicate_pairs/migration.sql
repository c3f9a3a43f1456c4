-- Duplicate pairs: the two matches of a pair name each other (Match.twin); they are rated as one result.
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "twinId" TEXT;
