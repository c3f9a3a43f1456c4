-- CreateIndex
CREATE INDEX "WebhookDelivery_status_attempts_createdAt_idx" ON "WebhookDelivery"("status", "attempts", "createdAt");
