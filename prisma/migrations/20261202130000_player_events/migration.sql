-- Player events kept and numbered per player (replayed to a stream opened with `after`), the operator's block and its log.
-- AlterTable
ALTER TABLE "Player" ADD COLUMN "eventSeq" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "blockedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PlayerEvent" (
    "playerId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "matchId" TEXT,
    "event" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayerEvent_pkey" PRIMARY KEY ("playerId","seq")
);

-- CreateTable
CREATE TABLE "AdminAction" (
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "by" TEXT NOT NULL,
    "reason" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PlayerEvent_createdAt_idx" ON "PlayerEvent"("createdAt");

-- CreateIndex
CREATE INDEX "AdminAction_at_idx" ON "AdminAction"("at");

-- AddForeignKey
ALTER TABLE "PlayerEvent" ADD CONSTRAINT "PlayerEvent_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
