import { z } from 'zod/mini';
import './zod-locale';
import { apiErrorSchema } from './api-error';
import { maxChars, maxItems } from './common';
import { customerCreateRequestSchema, customerUpdateSchema } from './customer';
import { LIST_MAX, TEXT_MAX } from './limits';
import { orderCreateSchema } from './order';
import { prescriptionCreateSchema } from './prescription';
import { paymentRequestSendSchema } from './payment';
import { requisitionDecisionSchema } from './requisition';

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

/** Payloads per command type. Ids of records created offline are client-generated UUIDs. */
export const syncPayloadSchemas = {
  'customer.create': z.extend(customerCreateRequestSchema, { customerId: z.uuid() }),
  'customer.update': customerUpdateSchema,
  'prescription.create': prescriptionCreateSchema,
  'order.create': orderCreateSchema,
  'paymentRequest.send': paymentRequestSendSchema,
  'requisition.decide': requisitionDecisionSchema,
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
