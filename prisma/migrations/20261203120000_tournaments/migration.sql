-- Server-run tournaments: the tournament, its entrants (with their decks, in join order) and every round's pairings
-- (a bye is a pairing of one player and no match; `points` is written once, when its match ends).
-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "duplicate" BOOLEAN NOT NULL DEFAULT false,
    "rounds" INTEGER NOT NULL DEFAULT 0,
    "currentRound" INTEGER NOT NULL DEFAULT 0,
    "startsAt" TIMESTAMPTZ(6) NOT NULL,
    "minEntrants" INTEGER NOT NULL DEFAULT 2,
    "maxEntrants" INTEGER NOT NULL,
    "clock" JSONB,
    "options" JSONB NOT NULL,
    "roundSeconds" INTEGER,
    "createdBy" TEXT,
    "roundStartedAt" TIMESTAMPTZ(6),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentEntrant" (
    "tournamentId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "deck" JSONB NOT NULL,
    "joinOrder" BIGSERIAL NOT NULL,
    "withdrawn" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "TournamentEntrant_pkey" PRIMARY KEY ("tournamentId","playerId")
);

-- CreateTable
CREATE TABLE "TournamentPairing" (
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "board" INTEGER NOT NULL,
    "players" TEXT[],
    "matchId" TEXT,
    "points" DOUBLE PRECISION[],

    CONSTRAINT "TournamentPairing_pkey" PRIMARY KEY ("tournamentId","round","board")
);

-- AlterTable: the tournament whose pairing a match is (Match.tournament).
ALTER TABLE "Match" ADD COLUMN "tournamentId" TEXT;

-- CreateIndex
CREATE INDEX "Tournament_status_startsAt_idx" ON "Tournament"("status", "startsAt");

-- CreateIndex
CREATE INDEX "Tournament_game_createdAt_idx" ON "Tournament"("game", "createdAt");

-- CreateIndex
CREATE INDEX "TournamentEntrant_playerId_idx" ON "TournamentEntrant"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentPairing_matchId_key" ON "TournamentPairing"("matchId");

-- AddForeignKey
ALTER TABLE "TournamentEntrant" ADD CONSTRAINT "TournamentEntrant_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentEntrant" ADD CONSTRAINT "TournamentEntrant_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentPairing" ADD CONSTRAINT "TournamentPairing_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;
