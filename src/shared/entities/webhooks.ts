import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, codeField, refField, textField, whIdField } from './fields';

/**
 * A webhook subscription (issue 28 item 5; src/server/modules/webhooks/README.md): the events of one warehouse (and
 * one client, or every client the creator may see) posted to a URL, signed with the secret. The secret is write-only:
 * typed or generated on save (`/tWebhookSubscription/newSecret` answers a new one once), listed as its last 4
 * characters. Whoever made it is the server's: the subscription receives only what that user may see.
 */
export const tWebhookSubscription = defineEntity({
  name: 'tWebhookSubscription',
  listKey: 'url',
  resource: 'tWebhookSubscription',
  warehouseScoped: true,
  // One subscription per receiver URL and warehouse (another client or event set: another URL, e.g. a query string).
  unique: ['whId', 'url'],
  orderBy: ['whId', 'url'],
  fields: {
    whId: whIdField,
    clientCode: refField(30, 'getClient', BY_WAREHOUSE, { filter: true, column: true, width: 110 }),
    url: textField(500, { required: true, filter: true, column: true, width: 260 }),
    events: codeField('webhookEvent', { required: true, multiple: true, column: true, width: 220 }),
    active: codeField('yesNo', { required: true, filter: true, column: true, width: 80 }),
    secret: textField(100),
    secretHint: textField(10, { readOnly: true, column: true, width: 90 }),
    createdBy: { type: 'int', readOnly: true },
    createdByName: textField(50, { readOnly: true, column: true, width: 100 }),
    remark: textField(200, { column: true, width: 160 }),
    // Set by the dispatcher after PAUSE_AFTER_DEAD dead letters in a row, cleared by Resume (the screen shows them as
    // one "delivery" column: running, or paused since when and why).
    deadStreak: { type: 'int', readOnly: true },
    pausedAt: textField(40, { readOnly: true, dateTime: true }),
    pauseReason: textField(500, { readOnly: true }),
  },
  form: [['whId', 'clientCode'], ['url'], ['events'], ['active', 'secret'], ['remark']],
});

/**
 * The delivery log (view-only): one row per event and subscription with its status, tries and last answer. Replaying
 * a delivery (`/tWebhookDelivery/replay`, sys:tWebhookDelivery:edit) sends it again.
 */
export const tWebhookDelivery = defineEntity({
  name: 'tWebhookDelivery',
  resource: 'tWebhookDelivery',
  warehouseScoped: true,
  viewOnly: true,
  newestFirst: true,
  unique: [],
  orderBy: ['whId'],
  fields: {
    whId: whIdField,
    eventType: codeField('webhookEvent', { filter: true, column: true, width: 130 }),
    status: codeField('webhookDeliveryStatus', { filter: true, column: true, width: 110 }),
    attempts: { type: 'int', column: true, width: 70 },
    lastStatus: { type: 'int', column: true, width: 90 },
    lastError: textField(500, { column: true, width: 220 }),
    lastDurationMs: { type: 'int', column: true, width: 100 },
    nextAt: textField(40, { column: true, dateTime: true, width: 150 }),
    deliveredAt: textField(40, { column: true, dateTime: true, width: 150 }),
    clientCode: textField(30, { filter: true, column: true, width: 100 }),
    subscriptionId: { type: 'int', filter: true, column: true, width: 80 },
    url: textField(500, { column: true, width: 240 }),
    eventId: textField(36, { filter: true, column: true, hidden: true, width: 280 }),
  },
  form: [],
});
