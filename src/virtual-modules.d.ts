/** See scripts/publicMessagesPlugin.mjs. */
declare module 'virtual:public-messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
