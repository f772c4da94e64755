/**
 * The nonce of this page's Content-Security-Policy, which the server writes into index.html for
 * each response (`<meta name="csp-nonce">`, server/http/securityHeaders.ts). The policy allows no
 * inline style without it, so every `<style>` the app inserts (emotion, the rich text editor) carries it.
 * Undefined where no server put one (tests, the Vite dev server, which sends no CSP).
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return value && value !== '__CSP_NONCE__' ? value : undefined;
}
