-- Ruleset versions: the version each match was created under (matches stored before it were all played under 1.0.0).
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "rulesVersion" TEXT NOT NULL DEFAULT '1.0.0';

-- The deck lab's runs: the request, progress and result of each (deck-lab.ts).
-- CreateTable
CREATE TABLE "DeckLabRun" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "games" INTEGER NOT NULL,
    "played" INTEGER NOT NULL DEFAULT 0,
    "seed" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "result" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "startedAt" TIMESTAMPTZ(6),
    "finishedAt" TIMESTAMPTZ(6),

    CONSTRAINT "DeckLabRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeckLabRun_playerId_createdAt_idx" ON "DeckLabRun"("playerId", "createdAt");

-- AddForeignKey
ALTER TABLE "DeckLabRun" ADD CONSTRAINT "DeckLabRun_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
