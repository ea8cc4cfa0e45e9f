import { tblPrintJob, tblShippingLabel, tblShippingLabelDetail, tDelivery } from '../../../shared/entities/shipping';
import type { CrudBinding } from '../../crud/crud.types';

/**
 * The generic-engine bindings of shipping (README): cartons, carton lines, deliveries and the print log, view-only
 * lists — rows are made and changed only by the shipping calls.
 */
export const SHIPPING_BINDINGS: readonly CrudBinding[] = [
  { entity: tblShippingLabel, table: 'tbl_shipping_label' },
  { entity: tblShippingLabelDetail, table: 'tbl_shipping_label_detail', view: 'v_shipping_label_detail' },
  { entity: tDelivery, table: 't_delivery' },
  { entity: tblPrintJob, table: 'tbl_print_job' },
];
