/**
 * The port tests/e2e/webhooks.spec.ts receives the portal's webhooks on, named with it in the
 * portal's WEBHOOK_ALLOWED_HOSTS (playwright.config.ts): a bare host would allow ports 80 and 443 only.
 * Derived from the portal's port so two browser runs side by side do not share it.
 */
export const e2eWebhookReceiverPort = (portalPort: number) => portalPort + 10_000;
