-- The deck lab's claims: the process playing a run names its claim and shows it is alive; a run whose player stopped
-- showing it (a crashed process) goes back to the queue (deck-lab.ts, sweep).
-- AlterTable
ALTER TABLE "DeckLabRun" ADD COLUMN "claim" TEXT,
ADD COLUMN "heartbeatAt" TIMESTAMPTZ(6);

-- CreateIndex
CREATE INDEX "DeckLabRun_status_heartbeatAt_idx" ON "DeckLabRun"("status", "heartbeatAt");
