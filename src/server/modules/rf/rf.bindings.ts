import { rfMainProcessDetail, rfProcessResource, rfSubProcessDetail, rfSubProcessOption } from '../../../shared/entities/rf';
import type { CrudBinding } from '../../crud/crud.types';

/** The four RF configuration entities in the generic engine (README "Configuration"). */
export const RF_BINDINGS: readonly CrudBinding[] = [
  { entity: rfProcessResource, table: 'rf_process_resource' },
  { entity: rfSubProcessDetail, table: 'rf_sub_process_detail' },
  { entity: rfSubProcessOption, table: 'rf_sub_process_option' },
  { entity: rfMainProcessDetail, table: 'rf_main_process_detail' },
];
