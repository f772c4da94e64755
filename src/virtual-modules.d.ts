/** See scripts/publicMessagesPlugin.ts. */
declare module 'virtual:public-messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
