import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, CODE_PATTERN, codeField, refField, textField, whIdField } from './fields';

/** What a new wave starts with when left blank (issue 27: a wave in a few clicks); the console prefills them. */
export const WAVE_DEFAULTS = { sequence: 1, priority: 50, workersRequired: 1 } as const;

/** Release's latest ship date, when the wave has none: this many days after the earliest (today). */
export const RELEASE_WINDOW_DAYS = 7;

/**
 * A wave (spec 001 §3 "Wave master", §4; statuses in the outbound README): N building → R released → P picking →
 * C picked → S shipped; N, R ↔ H held. The id is the one typed, else the next of the warehouse's WAVE series; a new
 * wave starts N; it changes only while N or H and is deleted only while N (its orders go back to confirmed).
 */
export const tWaveMaster = defineEntity({
  name: 'tWaveMaster',
  listKey: 'waveId',
  resource: 'tWaveMaster',
  warehouseScoped: true,
  unique: ['whId', 'waveId'],
  orderBy: [],
  newestFirst: true,
  fields: {
    whId: whIdField,
    // Left blank on add: the server takes the next number of the warehouse's WAVE series.
    waveId: { type: 'text', max: 30, pattern: CODE_PATTERN, filter: true, column: true, width: 130, immutable: true },
    status: codeField('waveStatus', { filter: true, column: true, width: 100, readOnly: true }),
    heldStatus: codeField('waveStatus', { column: true, hidden: true, width: 100, readOnly: true }),
    // Left blank, the server takes sequence 1, priority 50 (1–99) and one worker (1–999); the console prefills them.
    sequence: { type: 'int', rule: 'positiveInt', column: true, width: 80 },
    priority: { type: 'int', rule: 'positiveInt', column: true, width: 80 },
    workersRequired: { type: 'int', rule: 'positiveInt', column: true, width: 100 },
    overrideWorkType: refField(20, 'getWorkType', BY_WAREHOUSE, { column: true, width: 120, codeList: 'workType' }),
    stagingLocation: refField(
      30,
      'getDockDoorStagingLoc',
      { whId: 'whId', doorId: 'doorLocation' },
      { column: true, width: 120 },
    ),
    // Choosing a door fills its staging location (console), and the server fills it when left blank.
    doorLocation: refField(20, 'getDockDoor', BY_WAREHOUSE, { column: true, width: 100 }),
    earliestShipDate: { type: 'date', column: true, width: 120 },
    latestShipDate: { type: 'date', column: true, width: 120 },
    createdDate: { type: 'text', dateTime: true, column: true, width: 150, readOnly: true },
    releasedDate: { type: 'text', dateTime: true, column: true, width: 150, readOnly: true },
    remark: textField(200, { column: true, width: 160 }),
    createBy: { type: 'text', column: true, width: 100, readOnly: true },
    releaseBy: { type: 'text', column: true, width: 100, readOnly: true },
  },
  form: [
    ['whId', 'waveId'],
    ['sequence', 'priority'],
    ['workersRequired', 'overrideWorkType'],
    ['doorLocation', 'stagingLocation'],
    ['earliestShipDate', 'latestShipDate'],
    ['remark'],
  ],
});
