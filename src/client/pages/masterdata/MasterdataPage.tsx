/** Any master-data entity as a screen: the generic list over its definition (the registry names which one). */
import { ENTITIES } from '../../../shared/entities';
import { EntityListPage } from '../../kit/EntityListPage';

/** The list, filter and add/edit screen of one generic entity, by wire name. */
export function MasterdataPage({ entity }: { entity: string }) {
  const def = ENTITIES[entity];
  return def ? <EntityListPage entity={def} /> : null;
}
