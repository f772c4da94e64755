/**
 * ra-language-spanish 1.0.0 is a CommonJS file (`module.exports = { ra: {...} }`) from the
 * react-admin 1 era and ships no types. Vite, Vitest and Node all hand `module.exports` over as
 * the default import.
 */
declare module 'ra-language-spanish' {
  interface SpanishMessages {
    [key: string]: string | SpanishMessages;
  }
  const spanishMessages: { ra: SpanishMessages };
  export default spanishMessages;
}
