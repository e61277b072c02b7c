import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { AppError, nl } from '../errors';
import { requireCsrf } from '../middleware/csrf';
import { requireUser } from '../middleware/guards';
import { bootstrapRoutes } from './bootstrap';
import { enforceAccountHold } from '../middleware/account-hold';
import { inviteRoutes } from './invites';
import { panelUserRoutes } from './panel-users';
import { panelMemberAccountRoutes } from './panel-member-accounts';
import { panelRoutes } from './panels';
import { panelAnswerRoutes } from './panel-answers';
import { twoFactorRoutes } from './two-factor';
import { helpRoutes } from './help';
import { projectRoutes } from './projects';
import { indicatorRoutes } from './indicators';
import { surveyRoutes } from './surveys';
import { participationRoutes } from './participation';
import { filterRoutes } from './filters';
import { reportRoutes } from './reports';
import { reportDataRoutes } from './report-data';
import { reportExportRoutes } from './report-export';
import { reportFilterRoutes } from './reports-filters';
import { reportRChartRoutes } from './report-rchart';
import { publicReportRoutes } from './public-report';
import { userRoutes } from './users';
import { companyRoutes } from './companies';
import { themeRoutes } from './themes';
import { zknRoutes } from './zkn';
import { adminRoutes } from './admin';

/** /portal/api/v2: login required, CSRF on mutating calls, each domain router checks its roles. */
export const apiRoutes = new Hono<AppEnv>()
  .use(requireUser, requireCsrf)
  .use(enforceAccountHold)
  .route('/', bootstrapRoutes)
  .route('/', twoFactorRoutes)
  .route('/', inviteRoutes)
  .route('/', panelUserRoutes)
  .route('/', panelMemberAccountRoutes)
  .route('/', panelRoutes)
  .route('/', panelAnswerRoutes)
  .route('/', helpRoutes)
  .route('/', projectRoutes)
  .route('/', indicatorRoutes)
  .route('/', participationRoutes)
  .route('/', surveyRoutes)
  .route('/', filterRoutes)
  .route('/', reportRoutes)
  .route('/', reportDataRoutes)
  .route('/', reportExportRoutes)
  .route('/', reportFilterRoutes)
  .route('/', reportRChartRoutes)
  .route('/', userRoutes)
  .route('/', companyRoutes)
  .route('/', themeRoutes)
  .route('/', zknRoutes)
  .route('/', adminRoutes)
  .all('*', () => {
    throw new AppError('NOT_FOUND', nl.notFound);
  });

/** /portal/api/v2/public: no login (public reports, participation). */
export const publicRoutes = new Hono<AppEnv>()
  .use(requireCsrf)
  .route('/', publicReportRoutes)
  .all('*', () => {
    throw new AppError('NOT_FOUND', nl.notFound);
  });
