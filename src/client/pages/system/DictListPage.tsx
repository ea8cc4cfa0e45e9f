/** Dictionary (menu `sys/dict`): code-list values with labels in both languages, the generic list screen. */
import { sysDict } from '../../../shared/entities/sysDict';
import { TABLE_HEIGHT } from '../../kit/DataTable';
import { EntityListPage } from '../../kit/EntityListPage';

export function DictListPage() {
  return <EntityListPage entity={sysDict} height={TABLE_HEIGHT.generic} />;
}
