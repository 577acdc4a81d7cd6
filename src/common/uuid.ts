const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else can name nothing, so it is "not found" rather than an SQL error. */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
