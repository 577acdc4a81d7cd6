/**
 * A JSON object as stored in a jsonb column (a tool's input schema, a
 * provider's usage record): each value is whatever JSON holds, read only
 * after narrowing (`unknown`, spelled so that TypeORM's partial entities of
 * an insert accept it).
 */
export type JsonObject = { [key: string]: {} | null | undefined };
