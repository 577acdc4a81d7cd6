/** A JSON object as stored in a jsonb column (a tool's input schema, a provider's usage record). */
export type JsonObject = { [key: string]: any };
