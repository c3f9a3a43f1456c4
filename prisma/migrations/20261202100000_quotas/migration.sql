-- Quotas per client address and per player key (QUOTA_*_PER_HOUR): one row per subject and kind holds the times of
-- its uses in the last hour. A use is appended by one upsert guarded by the count, so that racing processes
-- serialise on the row and never both take the last use.
-- CreateTable
CREATE TABLE "QuotaUse" (
    "subject" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "uses" TIMESTAMPTZ(6)[] NOT NULL DEFAULT ARRAY[]::TIMESTAMPTZ(6)[],
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "QuotaUse_pkey" PRIMARY KEY ("subject","kind")
);

-- CreateIndex
CREATE INDEX "QuotaUse_updatedAt_idx" ON "QuotaUse"("updatedAt");
