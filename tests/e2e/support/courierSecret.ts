/** The browser tests' portal signs courier webhooks with this (playwright.config.ts sets COURIER_WEBHOOK_SECRET). */
export const E2E_COURIER_SECRET = 'e2e-courier-webhook-secret-0123456789';
