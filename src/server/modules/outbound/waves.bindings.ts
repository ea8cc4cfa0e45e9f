import { tAfaProfile, WAVE_PROFILE } from '../../../shared/entities/tAfaProfile';
import { tAfaViewWaveOrder } from '../../../shared/entities/tAfaViewWaveOrder';
import { tAfaViewWaveOrderLine } from '../../../shared/entities/tAfaViewWaveOrderLine';
import { tAfoWaveDetail } from '../../../shared/entities/tAfoWaveDetail';
import { tAfoWaveDetailLine } from '../../../shared/entities/tAfoWaveDetailLine';
import { tWaveMaster } from '../../../shared/entities/tWaveMaster';
import type { CrudBinding } from '../../crud/crud.types';
import {
  applyWaveDefaults,
  nextWaveId,
  refuseShipDateOrder,
  refuseUnlessEditable,
  releaseOrdersOfDeletedWaves,
} from './waves.service';

/**
 * The generic-engine bindings of outbound waves (README "Waves"): the wave header (a blank id takes the next WAVE
 * number, a new wave starts N, sequence 1, priority 50 and one worker when left blank, the door's staging location when
 * none is named; edits only while N or H, deletes only while N with its orders back to C), the wave
 * detail and its lines and the working set's lines (listed only: orders join and leave through their calls), the
 * working set (changed only by its calls) and the wave-load profiles.
 */
export const WAVE_BINDINGS: readonly CrudBinding[] = [
  {
    entity: tWaveMaster,
    table: 't_wave_master',
    async beforeSave(trx, row, { user, existing }) {
      refuseShipDateOrder(row);
      if (existing) refuseUnlessEditable(existing);
      await applyWaveDefaults(trx, row);
      if (existing) return;
      row.waveId ??= await nextWaveId(trx, String(row.whId));
      row.status = 'N';
      row.createBy = user.name;
    },
    async beforeDelete(trx, rows) {
      await releaseOrdersOfDeletedWaves(trx, rows);
    },
  },
  { entity: tAfoWaveDetail, table: 't_afo_wave_detail' },
  { entity: tAfoWaveDetailLine, table: 't_afo_wave_detail_line' },
  // Read from the view that names the owner `userName` (the spec's filter) and adds the order's facts.
  { entity: tAfaViewWaveOrder, table: 't_afa_view_wave_order', view: 'v_afa_view_wave_order' },
  { entity: tAfaViewWaveOrderLine, table: 't_afa_view_wave_order_line' },
  {
    entity: tAfaProfile,
    table: 't_afa_profile',
    async beforeSave(_trx, row) {
      row.profileType = WAVE_PROFILE;
    },
  },
];
