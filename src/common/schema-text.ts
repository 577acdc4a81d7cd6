/**
 * Descriptions the schema repeats, each written once. The schema is the
 * API's reference (`src/schema/schema-descriptions.spec.ts` fails on an
 * element without one); the rules these state are docs/semantics.md's.
 */

/** An object's `id` field. */
export const ID_TEXT = 'Its id, a UUID: what arguments and inputs take to name it.';

/** The `id` argument of a lookup that answers null for an id naming nothing (docs/semantics.md §2.2). */
export const lookupIdText = (what: string) => `The ${what}'s id; one that names no ${what} of the caller's organisation answers null.`;

/** The id argument of a mutation on one object: NOT_FOUND naming the argument when it names nothing (docs/semantics.md §2.2). */
export const targetIdText = (what: string) =>
  `The ${what}'s id; one that names no ${what} of the caller's organisation is NOT_FOUND naming this argument.`;

/** An optional `projectId` of an input: the owning project, none for organisation-wide. */
export const ownerProjectText = (what: string) =>
  `The project the ${what} belongs to; null or absent: organisation-wide, for every project's agents.`;

/** A `project` field of an object that may belong to one project. */
export const OWNER_PROJECT_FIELD_TEXT = 'The project it belongs to; null: organisation-wide.';

/** A list query's optional `projectId` filter. */
export const PROJECT_FILTER_TEXT =
  "Only those of this project; null or absent: all of the organisation's, organisation-wide ones included.";

/** A display `name` a person gives: any text of 1 to 200 characters, no key. */
export const DISPLAY_NAME_TEXT = 'Display name, 1 to 200 characters.';

/** How an optional patch field reads: left out or null keeps the stored value. */
export const KEEP_TEXT = 'Left out or null: unchanged.';
