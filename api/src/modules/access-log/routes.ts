import { Router } from 'express';
import { accessLogQuerySchema, type Store } from '@optik/shared';
import { parseOr400 } from '../../http/errors';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { AccessLogCustomers, AccessLogService } from './service';

/**
 * The access log's two readers (docs/decisions/009): a store manager reads their own store's log
 * (GET /api/staff/access-log), a signed-in customer which stores opened their data (GET /api/my/data-access).
 */
export function accessLogRoutes(deps: {
  auth: AuthService;
  accessLog: AccessLogService;
  accounts: { sealedCpr(accountId: string): Promise<string | null> };
  customers: AccessLogCustomers;
  stores: { store(id: string): Promise<Store | undefined> };
}): Router {
  const r = Router();

  r.get('/api/staff/access-log', requireRole(deps.auth, ['manager']), async (req, res) => {
    const { cursor } = parseOr400(accessLogQuerySchema, req.query);
    const storeId = currentUser(res).storeId;
    res.set('Cache-Control', 'no-store');
    res.json(storeId ? await deps.accessLog.forStore(storeId, deps.customers, cursor) : { data: [], next: null });
  });

  r.get('/api/my/data-access', requireRole(deps.auth, ['customer']), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.accessLog.forAccount(currentUser(res).id, deps) });
  });

  return r;
}
