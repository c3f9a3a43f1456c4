-- Competition: rated matches, Glicko-2 ratings per player and game with their history, challenges and seeks.
-- A rated match's update is claimed by inserting its RatedMatch row in the transaction that writes the ratings,
-- so that however many processes try, it applies once.
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Rating" (
    "playerId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "deviation" DOUBLE PRECISION NOT NULL,
    "volatility" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("playerId","game")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "matches" TEXT[],
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "rating" DOUBLE PRECISION NOT NULL,
    "deviation" DOUBLE PRECISION NOT NULL,
    "volatility" DOUBLE PRECISION NOT NULL,
    "change" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RatedMatch" (
    "matchId" TEXT NOT NULL,
    "ratedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "RatedMatch_pkey" PRIMARY KEY ("matchId")
);

-- CreateTable
CREATE TABLE "Challenge" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "challengerId" TEXT NOT NULL,
    "opponentId" TEXT NOT NULL,
    "deck" JSONB NOT NULL,
    "deckId" TEXT,
    "options" JSONB NOT NULL,
    "clock" JSONB,
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "duplicate" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "declineReason" TEXT,
    "matchId" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "expiresAt" TIMESTAMPTZ(6) NOT NULL,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "Challenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seek" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "deck" JSONB NOT NULL,
    "deckId" TEXT,
    "options" JSONB NOT NULL,
    "clock" JSONB,
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "ratingMin" INTEGER,
    "ratingMax" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "matchId" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "expiresAt" TIMESTAMPTZ(6) NOT NULL,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "Seek_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Rating_game_rating_idx" ON "Rating"("game", "rating");
CREATE INDEX "RatingChange_playerId_game_at_idx" ON "RatingChange"("playerId", "game", "at");
CREATE INDEX "Challenge_challengerId_createdAt_idx" ON "Challenge"("challengerId", "createdAt");
CREATE INDEX "Challenge_opponentId_createdAt_idx" ON "Challenge"("opponentId", "createdAt");
CREATE INDEX "Challenge_status_expiresAt_idx" ON "Challenge"("status", "expiresAt");
CREATE INDEX "Seek_game_status_createdAt_idx" ON "Seek"("game", "status", "createdAt");
CREATE INDEX "Seek_status_expiresAt_idx" ON "Seek"("status", "expiresAt");

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Challenge" ADD CONSTRAINT "Challenge_challengerId_fkey" FOREIGN KEY ("challengerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Challenge" ADD CONSTRAINT "Challenge_opponentId_fkey" FOREIGN KEY ("opponentId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Seek" ADD CONSTRAINT "Seek_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
