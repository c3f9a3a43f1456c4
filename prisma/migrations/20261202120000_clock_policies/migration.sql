-- Clock policies, turn notices and vacations: each seat's time and the turn it was last asked in (every started
-- match, clocked or not), the earliest pending reminder, the reminders sent per seat and turn, and players' vacations.
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "turns" JSONB,
ADD COLUMN "remindAt" TIMESTAMP(3),
ADD COLUMN "remindedTurns" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "Player" ADD COLUMN "awayUntil" TIMESTAMP(3),
ADD COLUMN "vacationYear" INTEGER,
ADD COLUMN "vacationDaysUsed" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Match_remindAt_idx" ON "Match"("remindAt");
