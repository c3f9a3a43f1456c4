-- CreateEnum
CREATE TYPE "MatchStatus" AS ENUM ('ACTIVE', 'FINISHED', 'ABORTED');

-- CreateTable
CREATE TABLE "Deck" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "list" JSONB NOT NULL,
    "legal" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Deck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "state" JSONB NOT NULL,
    "status" "MatchStatus" NOT NULL DEFAULT 'ACTIVE',
    "winners" INTEGER[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "matchId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "name" TEXT,
    "tokenHash" TEXT NOT NULL,
    "deck" JSONB NOT NULL,
    "deckId" TEXT,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("matchId","index")
);

-- CreateTable
CREATE TABLE "Action" (
    "matchId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER,
    "action" JSONB NOT NULL,
    "events" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Action_pkey" PRIMARY KEY ("matchId","seq")
);

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("matchId","seat","key")
);

-- CreateIndex
CREATE INDEX "Deck_game_idx" ON "Deck"("game");

-- CreateIndex
CREATE INDEX "Match_game_status_idx" ON "Match"("game", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_tokenHash_key" ON "Seat"("tokenHash");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotencyKey" ADD CONSTRAINT "IdempotencyKey_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;
