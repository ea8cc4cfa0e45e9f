import type { EntityDef } from './defineEntity';
import { tAfaProfile } from './tAfaProfile';
import { tAfaViewWaveOrder } from './tAfaViewWaveOrder';
import { tAfaViewWaveOrderLine } from './tAfaViewWaveOrderLine';
import { tAfoWaveDetail } from './tAfoWaveDetail';
import { tAfoWaveDetailLine } from './tAfoWaveDetailLine';
import { tWaveMaster } from './tWaveMaster';

/** Outbound waves: generic entities by wire name. */
export const WAVE_ENTITIES: Record<string, EntityDef> = {
  tWaveMaster,
  tAfoWaveDetail,
  tAfoWaveDetailLine,
  tAfaProfile,
  tAfaViewWaveOrder,
  tAfaViewWaveOrderLine,
};

/** Outbound waves: document lines saved by their module's line service. */
export const WAVE_LINE_ENTITIES: Record<string, EntityDef> = {};
