/** Clients (cargo owners): the generic list screen over tClient; the form picks `whId` from the user's warehouses. */
import { tClient } from '../../../shared/entities/tClient';
import { EntityListPage } from '../../kit/EntityListPage';

/** Client master data. */
export function ClientListPage() {
  return <EntityListPage entity={tClient} />;
}
