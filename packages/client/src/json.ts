/** A value of the schema's `JSON` scalar: codegen maps the scalar here instead of to `unknown`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
