import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, financialYearLabel } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../../plugins/endpoint.ts';
import { contentDisposition } from '../uploads/service.ts';
import { findPaymentsPage, findPaymentsSummary, findSentItemProgress } from './service.ts';
import { buildStatement, renderCsv, renderPdf } from './statement.ts';

export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getPayments, ({ claimId, body }) =>
    findPaymentsPage(deps, claimId, { offset: body.Offset, amount: body.Amount, financialYear: body.FinancialYear }),
  );
  bindEndpoint(app, deps, ENDPOINTS.getSentItemProgress, ({ auth, claimId, body }) =>
    findSentItemProgress(deps, auth, claimId, body.SentItemId),
  );
  bindEndpoint(app, deps, ENDPOINTS.getPaymentsSummary, ({ auth, claimId }) =>
    findPaymentsSummary(deps, auth, claimId),
  );
  bindEndpoint(app, deps, ENDPOINTS.getPaymentStatement, async ({ claimId, body, reply }) => {
    const statement = await buildStatement(deps, claimId, body.FinancialYear);
    const pdf = body.Format === 'pdf';
    const bytes = pdf ? await renderPdf(deps, statement, deps.clock.now()) : renderCsv(statement);
    const name = `payments-${statement.claimNumber.replace('/', '-')}-${financialYearLabel(body.FinancialYear).replace('–', '-')}.${body.Format}`;
    return reply
      .headers({
        'content-type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
        'content-length': String(bytes.length),
        'content-disposition': contentDisposition(name),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'no-store',
      })
      .send(bytes);
  });
}
