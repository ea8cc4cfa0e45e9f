import { tblPrintJob, tblShippingLabel, tblShippingLabelDetail, tDelivery } from '../../../shared/entities/shipping';
import type { CrudBinding } from '../../crud/crud.types';
import { deliveryClientScope, printJobClientScope } from './shipping.guard';

/**
 * The generic-engine bindings of shipping (README): cartons, carton lines, deliveries and the print log, view-only
 * lists — rows are made and changed only by the shipping calls.
 */
export const SHIPPING_BINDINGS: readonly CrudBinding[] = [
  { entity: tblShippingLabel, table: 'tbl_shipping_label' },
  { entity: tblShippingLabelDetail, table: 'tbl_shipping_label_detail', view: 'v_shipping_label_detail' },
  // Read with the proof of delivery of each (view v_delivery, migrations 0019, 0021); only deliveries whose every
  // client the user holds (shipping.guard.ts `grantsDelivery`).
  { entity: tDelivery, table: 't_delivery', view: 'v_delivery', clientScope: deliveryClientScope },
  // Only prints whose every client the user holds (the clients recorded with each print, migration 0023).
  { entity: tblPrintJob, table: 'tbl_print_job', clientScope: printJobClientScope },
];
