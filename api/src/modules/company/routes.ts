import { Router } from 'express';
import {
  companyContractRequestSchema,
  companyLookupQuerySchema,
  contractDocumentRequestSchema,
  contractSignRequestSchema,
  contractTerminateRequestSchema,
  contractTokenRequestSchema,
  da,
  employeeRequisitionRequestSchema,
  eyeHealthDayRequestSchema,
} from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { attemptLimiter } from '../auth/http';
import type { RateLimitService } from '../rate-limits/service';
import type { CompanyService } from './service';

/**
 * The company flow's calls (SPEC §2 /b2b/*). Links' tokens travel in request bodies only, the
 * printable document's too: never in a query string (server and proxy logs, browser history).
 * An expired or replaced link answers 410.
 */
export function companyRoutes(deps: { config: AppConfig; company: CompanyService; rateLimits: RateLimitService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  // Each call mails someone or tries a secret (a link, an employee number): throttled per IP.
  const mailing = attemptLimiter(deps, { name: 'company-mail', failedOnly: false, message: da.errors.rateLimited });
  const guessing = attemptLimiter(deps, { name: 'company-guess', failedOnly: true, message: da.errors.rateLimited });
  const noStore = { 'Cache-Control': 'no-store' };

  r.get('/api/company/lookup', async (req, res) => {
    const query = parseOr400(companyLookupQuerySchema, req.query);
    res.json({ data: await deps.company.lookup(query) });
  });

  r.post('/api/company/contracts', csrf, mailing, async (req, res) => {
    const answers = parseOr400(companyContractRequestSchema, req.body ?? {});
    res.status(201).json({ data: await deps.company.createContract(answers) });
  });

  // The printable contract as HTML in JSON (the shop opens it as a blob URL); a GET (a token in the query string) is not served.
  r.post('/api/company/contracts/:id/document', csrf, guessing, async (req, res) => {
    const { token } = parseOr400(contractDocumentRequestSchema, req.body ?? {});
    res.set(noStore).json({ data: await deps.company.document(String(req.params.id), token) });
  });

  r.post('/api/company/sign/lookup', csrf, guessing, async (req, res) => {
    const { token } = parseOr400(contractTokenRequestSchema, req.body ?? {});
    res.set(noStore).json({ data: await deps.company.lookupByToken(token) });
  });

  r.post('/api/company/sign', csrf, guessing, async (req, res) => {
    const body = parseOr400(contractSignRequestSchema, req.body ?? {});
    res.set(noStore).json({ data: await deps.company.sign(body) });
  });

  r.post('/api/company/terminate', csrf, guessing, async (req, res) => {
    const body = parseOr400(contractTerminateRequestSchema, req.body ?? {});
    res.set(noStore).json({ data: await deps.company.terminate(body) });
  });

  r.post('/api/company/eye-health-days', csrf, mailing, async (req, res) => {
    const body = parseOr400(eyeHealthDayRequestSchema, req.body ?? {});
    res.status(201).json({ data: await deps.company.requestEyeHealthDay(body) });
  });

  r.post('/api/company/requisitions', csrf, guessing, async (req, res) => {
    const body = parseOr400(employeeRequisitionRequestSchema, req.body ?? {});
    res.status(201).json({ data: await deps.company.createRequisition(body) });
  });

  return r;
}
