import 'reflect-metadata';
import {
  isEnumType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType, type GraphQLSchema,
} from 'graphql';
import { buildLoadoutSchema } from './build-schema';

/**
 * Every element of the schema a client can name, as `Type`, `Type.field`,
 * `Type.field(arg)` or `Enum.VALUE`, that has no description: the schema is
 * the API's reference, so each says what it means and what it counts.
 */
function undescribed(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  const missing = (text: string | null | undefined) => !text?.trim();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    if (missing(type.description)) found.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (missing(field.description)) found.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (missing(arg.description)) found.push(`${type.name}.${field.name}(${arg.name})`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (missing(field.description)) found.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (missing(value.description)) found.push(`${type.name}.${value.name}`);
    }
  }
  return found.sort();
}

describe('schema descriptions', () => {
  it('describes every type, field, argument, input field and enum value', async () => {
    expect(undescribed(await buildLoadoutSchema())).toEqual([]);
  });

  it('finds an element without a description', async () => {
    const schema = await buildLoadoutSchema();
    const field = schema.getQueryType()?.getFields().organization;
    if (!field) throw new Error('Query.organization is missing');
    const { description } = field;
    field.description = undefined;
    try {
      expect(undescribed(schema)).toContain('Query.organization');
    } finally {
      field.description = description;
    }
  });
});
