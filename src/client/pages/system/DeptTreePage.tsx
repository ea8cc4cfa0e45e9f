/** Departments (menu `sys/dept`): the organisation tree. */
import { sysDept } from '../../../shared/entities/sysDept';
import { TreeEditor } from './TreeEditor';

export function DeptTreePage() {
  return (
    <TreeEditor
      entity={sysDept}
      label={(row) => String(row.name ?? '')}
      icon={() => 'diagram-3'}
      newNode={(_parent, siblings) => ({ orderNum: String(siblings + 1) })}
    />
  );
}
