import { readAnswerFilterParam } from '@formsmith/core/submissions/answer-filter';
import {
  summaryParamsSchema as params,
  type SummaryQuery,
  summaryPdfName,
  summaryQuerySchema,
  summaryReportSchema,
} from '@formsmith/core/submissions/summary-report';
import { seesAnswers } from '@formsmith/core/workspaces/viewer-answers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.ts';
import { requireFormId } from '../../../lib/form-id.ts';
import { currentUser, workspaceAccessOf } from '../../../plugins/authenticate.ts';
import { assertSeesAnswers } from '../../workspaces/index.ts';
import { contentDisposition } from '../files.ts';
import { summaryPdfOf } from './pdf.ts';
import { formSummary, type SummaryInput } from './report.ts';

// The summary report of a form: as JSON for the app's printable page, and as a PDF. A viewer of
// a form that shows its viewers only counts gets the counts (no typed values, no sampled text
// answers) and may not filter on answers, which would tell what they are.

const tags = ['submissions'];
const read = { scope: 'submissions:read' as const, role: 'viewer' as const };

const DESCRIPTION =
  'The analytics figures of every question (as GET /api/analytics/forms/{id} gives them), counted from the ' +
  'complete submissions of `from` to `to` (UTC days, YYYY-MM-DD; by default from the day the form was made to today) ' +
  "that match `where` (the review table's answer filter, as JSON), with the newest answers of text questions; " +
  'the funnel is all time. Views are left out when `where` is given. 409 for an end-to-end encrypted form, ' +
  'whose answers the server cannot read. A viewer of a form that shows its viewers only counts gets no text ' +
  'answers and may not use `where` (403).';

function summaryInput(request: FastifyRequest): SummaryInput {
  const access = workspaceAccessOf(request);
  // Both checked by the route's schema.
  const { id } = request.params as { id: string };
  const { from, to, where: whereText } = request.query as SummaryQuery;
  let where: SummaryInput['where'];
  if (whereText !== undefined && whereText !== '') {
    assertSeesAnswers(access);
    const read = readAnswerFilterParam(whereText);
    if (!read.ok) throw new AppError('BAD_REQUEST', 400, read.message, { where: read.message });
    where = read.filter;
  }
  return {
    formId: requireFormId(id),
    ownerUserId: currentUser(request).id,
    from,
    to,
    where,
    countsOnly: !seesAnswers(access.role, access.viewerAnswers),
  };
}

export const summaryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/forms/:id/report',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's summary report",
        description: DESCRIPTION,
        params,
        querystring: summaryQuerySchema,
        response: { 200: summaryReportSchema },
      },
    },
    async (request) => formSummary(app.db, app.keyring, summaryInput(request)),
  );

  app.get(
    '/forms/:id/report.pdf',
    {
      config: read,
      schema: {
        tags,
        // The path's dot has no place in an operation id.
        operationId: 'getFormsByIdReportPdf',
        summary: "A form's summary report as a PDF",
        description: `${DESCRIPTION} Drawn on the server: title, theme colour, figures and bar charts.`,
        params,
        querystring: summaryQuerySchema,
      },
    },
    async (request, reply) => {
      const { summary, pdf } = await summaryPdfOf(app, summaryInput(request));
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          contentDisposition(summaryPdfName(summary.title, summary.period_start, summary.period_end)),
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
