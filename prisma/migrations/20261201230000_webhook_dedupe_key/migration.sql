-- A delivery written by a path that may run again (a retried reminder job) carries a key, so it is written once.
-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN "dedupeKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_dedupeKey_key" ON "WebhookDelivery"("dedupeKey");
