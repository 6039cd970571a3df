import { z } from 'zod/mini';
import './zod-locale';
import { apiErrorSchema } from './api-error';
import { maxChars, maxItems } from './common';
import { customerCreateRequestSchema, customerUpdateSchema } from './customer';
import { LIST_MAX, TEXT_MAX } from './limits';
import { returnRequestSchema } from './my-orders';
import { orderCreateSchema, orderLifecycleSchema } from './order';
import { prescriptionCreateSchema } from './prescription';
import { paymentRequestSendSchema } from './payment';
import { requisitionDecisionSchema } from './requisition';
import { bookingCheckInCommandSchema, bookingConfirmCommandSchema, bookingNoShowCommandSchema } from './staff-booking';

/**
 * The store app's outbox protocol (POST /api/sync). Each command carries a client-generated
 * id, which is the idempotency key: a command the server has applied answers its stored
 * result again, never a second effect. The envelope is checked for the whole batch; each
 * payload is checked on its own, so one bad command is rejected while the others apply.
 */
export const syncCommandEnvelopeSchema = z.object({
  id: z.uuid('Kommandoen mangler et gyldigt id.'),
  type: z.string().check(z.minLength(1), maxChars(TEXT_MAX.commandType)),
  createdAt: z.iso.datetime(),
  payload: z.unknown(),
});
export type SyncCommandEnvelope = z.infer<typeof syncCommandEnvelopeSchema>;

export const syncRequestSchema = z.object({ commands: z.array(syncCommandEnvelopeSchema).check(z.minLength(1), maxItems(LIST_MAX.syncCommands)) });
export type SyncRequest = z.input<typeof syncRequestSchema>;

const recordIdSchema = z.string().check(z.minLength(1), maxChars(TEXT_MAX.id));

/** The store moves one of its orders along its SPEC §4 states (by id: an order made offline has no number yet). */
export const orderStatusCommandSchema = z.object({
  orderId: recordIdSchema,
  status: orderLifecycleSchema,
  /** The state the device showed before: what undoing a discarded change restores there (the server's rules decide, not this). */
  from: z.optional(orderLifecycleSchema),
});
export type OrderStatusCommand = z.infer<typeof orderStatusCommandSchema>;

/** A return received at the counter: the web return's request, for an order of this store, under an id made on the device. */
export const returnReceiveCommandSchema = z.object({ returnId: z.uuid(), orderId: recordIdSchema, request: returnRequestSchema });
export type ReturnReceiveCommand = z.input<typeof returnReceiveCommandSchema>;

/** The counter approves a return it received: it is confirmed and refunded (once). */
export const returnConfirmCommandSchema = z.object({ returnId: z.uuid() });

/** "Send link til webkonto" from the counter: the customer gets a mail to confirm the link to their web account (decision 010). */
export const accountLinkSendCommandSchema = z.object({ customerId: recordIdSchema });

/** Payloads per command type. Ids of records created offline are client-generated UUIDs. */
export const syncPayloadSchemas = {
  'customer.create': z.extend(customerCreateRequestSchema, { customerId: z.uuid() }),
  'customer.update': customerUpdateSchema,
  'prescription.create': prescriptionCreateSchema,
  'order.create': orderCreateSchema,
  'paymentRequest.send': paymentRequestSendSchema,
  'requisition.decide': requisitionDecisionSchema,
  'booking.confirm': bookingConfirmCommandSchema,
  'booking.checkIn': bookingCheckInCommandSchema,
  'booking.noShow': bookingNoShowCommandSchema,
  'order.status': orderStatusCommandSchema,
  'return.receive': returnReceiveCommandSchema,
  'return.confirm': returnConfirmCommandSchema,
  'accountLink.send': accountLinkSendCommandSchema,
} as const;
export type SyncCommandType = keyof typeof syncPayloadSchemas;

export const syncResultSchema = z.object({
  id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  result: z.nullable(z.unknown()),
  error: z.nullable(apiErrorSchema.shape.error),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
export const syncResponseSchema = z.object({ results: z.array(syncResultSchema) });

/** POST /api/staff/customers/search — a POST, so a CPR typed as the query never lands in a URL. */
export const customerSearchRequestSchema = z.object({ q: z.string().check(z.trim(), z.minLength(2, 'Skriv mindst 2 tegn.'), maxChars(100)) });

/** GET /api/staff/customers/recent?since= — this store's customers changed since an ISO time (the device's offline copy). */
export const recentCustomersQuerySchema = z.object({ since: z.optional(z.iso.datetime()) });
/** GET /api/staff/orders?since= — this store's orders changed since an ISO time (payment state reaches the device). */
export const staffOrdersQuerySchema = recentCustomersQuerySchema;
