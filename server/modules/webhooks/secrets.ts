/** What an endpoint's sealed secret is bound to (SecretBox's associated data): copied onto another row, it does not open. */
export const secretContext = (endpointId: number) => `webhook-endpoint:${endpointId}`;
