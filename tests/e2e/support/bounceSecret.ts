/** The browser tests' portal signs bounce webhooks with this (playwright.config.ts sets BOUNCE_WEBHOOK_SECRET). */
export const E2E_BOUNCE_SECRET = 'e2e-bounce-webhook-secret-0123456789';
