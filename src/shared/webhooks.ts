/**
 * Event webhooks (issue 28 item 5; src/server/modules/webhooks/README.md, docs/integration.md "Webhooks"): the event
 * types a subscription may name, and the signature header every delivery carries.
 */
export const WEBHOOK_EVENTS = [
  'receipt.posted',
  'putaway.done',
  'order.allocated',
  'order.short',
  'carton.packed',
  'delivery.shipped',
  'stock.adjusted',
  'stock.held',
  'stock.released',
  'count.adjusted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** `Wharf-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the subscription's secret>`. */
export const SIGNATURE_HEADER = 'Wharf-Signature';
/** The event id (uuid) again as a header: receivers dedupe on it (deliveries are at least once). */
export const EVENT_ID_HEADER = 'Wharf-Event-Id';

/** The body of a delivery. */
export interface WebhookBody {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  warehouse: string;
  client: string | null;
  data: Record<string, unknown>;
}

/** Delivery statuses: P pending (waiting for its next try), D delivered, F failed for good (dead letter). */
export const DELIVERY_STATUSES = ['P', 'D', 'F'] as const;
