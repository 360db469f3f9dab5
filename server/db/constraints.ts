import { entitiesWithUniqueFields } from '../../schema';
import { uniqueConstraintName } from './entityTable';

/** Unique constraints by name, with the wire field each protects, so a 409 can name the field. */
const uniqueFields: Record<string, string> = {
  users_user_name_unique: 'user_name',
  tenants_name_unique: 'name',
  ...Object.fromEntries(
    entitiesWithUniqueFields.flatMap((entity) =>
      entity.uniqueNames.map((name) => [uniqueConstraintName(entity, name), name]),
    ),
  ),
};

export const constraintField = (constraint: string): string | undefined => uniqueFields[constraint];
