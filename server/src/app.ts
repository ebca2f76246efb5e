import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { accountRoutes } from "./auth/account-routes.ts";
import { codeMessenger } from "./auth/code-messages.ts";
import { deriveKeys } from "./auth/keys.ts";
import { authRoutes } from "./auth/routes.ts";
import { boardRoutes } from "./boards/routes.ts";
import { calendarRoutes } from "./calendar/routes.ts";
import { companyRoutes } from "./company/routes.ts";
import type { Config } from "./config.ts";
import { devOutboxRoutes } from "./delivery/routes.ts";
import type { DeliveryWorker } from "./delivery/worker.ts";
import { createLifecycle, type Lifecycle } from "./health/lifecycle.ts";
import { readinessCheck, recordedMigrations } from "./health/readiness.ts";
import { readinessRoute } from "./health/readiness-route.ts";
import { healthRoutes } from "./health/routes.ts";
import type { InvitationBudget } from "./invitations/budget.ts";
import { invitationRoutes } from "./invitations/routes.ts";
import { jobRoutes } from "./jobs/routes.ts";
import { installPersonIdAnswers } from "./lib/access/person-ids.ts";
import { installRouteAccess } from "./lib/access/route-access.ts";
import type { Database } from "./lib/db/database.ts";
import { readMigrations } from "./lib/db/migrate.ts";
import { DEFAULT_READ_MAX_LAG_MS } from "./lib/db/read-pool-choice.ts";
import { type ReplicaReads, replicaReads } from "./lib/db/replica-reads.ts";
import { installAnswerCheck } from "./lib/http/answer-check.ts";
import { installCacheControl } from "./lib/http/cache-control.ts";
import { installCompression } from "./lib/http/compression.ts";
import { installApiDocs } from "./lib/http/docs.ts";
import { installErrorHandling } from "./lib/http/errors.ts";
import { type LogStream, loggerOptions } from "./lib/http/logging.ts";
import { requestIds } from "./lib/http/request-id.ts";
import { lazyRequestLoggers } from "./lib/http/request-logger.ts";
import { installSecurityHeaders } from "./lib/http/security.ts";
import { installWalCookie } from "./lib/http/wal-cookie.ts";
import { installWebApp } from "./lib/http/web-app.ts";
import { myShiftRoutes } from "./my-shifts/routes.ts";
import { type AppMetrics, createMetrics } from "./ops/metrics.ts";
import { outboxDepth } from "./ops/outbox-depth.ts";
import { installRequestTiming } from "./ops/request-timing.ts";
import { organizationRoutes } from "./organizations/routes.ts";
import { overviewRoutes } from "./overview/routes.ts";
import { migrationsDir as defaultMigrationsDir } from "./paths.ts";
import { peopleRoutes } from "./people/routes.ts";
import { requestDecisionRoutes } from "./requests/decision-routes.ts";
import { RequestsHub } from "./requests/events-hub.ts";
import { requestEventRoutes } from "./requests/events-routes.ts";
import { inboxRoutes } from "./requests/inbox-routes.ts";
import { myRequestReadRoutes } from "./requests/my-read-routes.ts";
import { myRequestRoutes } from "./requests/my-routes.ts";
import { requestSettingsRoutes } from "./requests/settings-routes.ts";
import { ScheduleEventHub } from "./schedule/events-hub.ts";
import { scheduleEventRoutes } from "./schedule/events-routes.ts";
import { exportRoutes } from "./schedule/export-routes.ts";
import { publishRoutes } from "./schedule/publish-routes.ts";
import { scheduleRoutes } from "./schedule/routes.ts";
import { templateRoutes } from "./schedule/templates-routes.ts";
import { timeEntryRoutes } from "./time-clock/entries-routes.ts";
import { TimeClockHub } from "./time-clock/events-hub.ts";
import { timeClockEventRoutes } from "./time-clock/events-routes.ts";
import { timesheetExportRoutes } from "./time-clock/export-routes.ts";
import { liveRoutes } from "./time-clock/live-routes.ts";
import { myClockRoutes } from "./time-clock/my-clock-routes.ts";
import { timeClockSettingsRoutes } from "./time-clock/settings-routes.ts";
import { timesheetRoutes } from "./time-clock/timesheet-routes.ts";
import { timeOffCalendarRoutes } from "./time-off/calendar-routes.ts";
import { holidayRoutes } from "./time-off/holidays/routes.ts";
import { leaveLedgerRoutes } from "./time-off/ledger/routes.ts";
import { myTimeOffRoutes } from "./time-off/my-routes.ts";
import { leavePolicyRoutes } from "./time-off/policies/routes.ts";
import { timeOffSetupRoutes } from "./time-off/setup/routes.ts";

export interface AppDeps {
  config: Pick<Config, "env" | "logLevel" | "webDist" | "appSecret" | "otpSigningKey" | "trustProxy" | "apiDocs"> &
    Partial<Pick<Config, "publicUrl">> & {
      delivery: Pick<Config["delivery"], "smsAllowedCountries" | "smtp" | "twilio">;
    };
  /** Without `listen` (a stub in unit tests), live schedule changes answer 503. */
  database: Pick<Database, "db" | "ping"> &
    Partial<Pick<Database, "listen" | "pools" | "replica" | "replicaLoginUnchecked">>;
  /** With a replica: how far behind (ms) it may be and still serve heavy reads; default 10 s. */
  readMaxLagMs?: number | undefined;
  /** The outbox worker, woken after a commit that queued a message; tests may leave it out. */
  delivery?: Pick<DeliveryWorker, "wake"> | undefined;
  /** Extra routes registered last, before the not-found handler (tests use it). */
  beforeReady?: ((app: FastifyInstance) => void | Promise<void>) | undefined;
  /** Invitation links per organization per hour and day; default the contracts' (tests lower it). */
  invitationBudget?: InvitationBudget | undefined;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream | undefined;
  /** Marked draining by main.ts when a stop signal arrives: readiness then answers 503. */
  lifecycle?: Lifecycle | undefined;
  /** Collect Prometheus metrics into app.metrics (main.ts: when METRICS_PORT is set; the ops server serves them). */
  metrics?: boolean | undefined;
  /** The migrations readiness expects applied; default server/migrations (tests add one that is not). */
  migrationsDir?: string | undefined;
  /** Check every answer against its schema, also on routes that skip it (`answerCheck: "tests"`): the tests do. */
  checkEveryAnswer?: boolean | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    database: AppDeps["database"];
    delivery: Pick<DeliveryWorker, "wake">;
    /** The application's metrics, or null when they are not collected. */
    metrics: AppMetrics | null;
    /** Where heavy reads go (inTenantRead), or null without a read replica. */
    replicaReads: ReplicaReads | null;
  }
}

/** The whole HTTP application, without listening: main.ts and the tests both start it. */
export async function buildApp({
  config,
  database,
  delivery,
  beforeReady,
  invitationBudget,
  logStream,
  lifecycle = createLifecycle(),
  metrics = false,
  migrationsDir = defaultMigrationsDir,
  readMaxLagMs = DEFAULT_READ_MAX_LAG_MS,
  checkEveryAnswer = false,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    childLoggerFactory: lazyRequestLoggers,
    // The caller's x-request-id is read (and checked) by requestIds.
    requestIdHeader: false,
    genReqId: requestIds(),
    bodyLimit: 1024 * 1024,
    // Behind a load balancer the client's address comes from X-Forwarded-For (sending limits key on it).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    // Keep-alive sockets with no request in flight close at once on shutdown.
    forceCloseConnections: "idle",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installAnswerCheck(app, { checkEveryAnswer });
  app.decorate("database", database);
  app.decorate("delivery", delivery ?? { wake() {} });
  const reads = database.replica
    ? replicaReads({
        primary: database.db,
        replica: database.replica,
        maxLagMs: readMaxLagMs,
        checkLogin: database.replicaLoginUnchecked === true,
        log: app.log.child({ component: "replica-reads" }),
      })
    : null;
  app.decorate("replicaReads", reads);
  app.decorate("metrics", metrics ? appMetrics(app, database, reads) : null);
  if (app.metrics) installRequestTiming(app, app.metrics.requestDuration);
  // Once stopping, answers to requests still in flight close their
  // keep-alive connection, so shutdown waits for those requests and no longer.
  let stopping = false;
  app.addHook("preClose", async () => {
    stopping = true;
    lifecycle.drain();
  });
  app.addHook("onSend", (request, reply, _payload, done) => {
    reply.header("x-request-id", request.id);
    if (stopping) reply.header("connection", "close");
    done();
  });

  // Without a replica every read is on the primary: no cookie, no extra query.
  if (reads) installWalCookie(app, reads, (config.publicUrl ?? "").startsWith("https:"));
  installErrorHandling(app);
  installSecurityHeaders(app);
  installCacheControl(app);
  await installCompression(app);
  if (config.apiDocs) await installApiDocs(app);
  const keys = deriveKeys(config.appSecret, config.otpSigningKey);
  installRouteAccess(app, keys.access);
  installPersonIdAnswers(app);

  healthRoutes(app, database.ping);
  readinessRoute(app, {
    lifecycle,
    check: readinessCheck({
      ping: database.ping,
      recorded: () => recordedMigrations(database.db),
      expected: () => readMigrations(migrationsDir),
    }),
  });
  // Real messages (a provider is configured) never show in the dev outbox, whatever NODE_ENV says:
  // a staging server would otherwise serve real people's codes to anyone.
  const realDelivery = config.delivery.smtp !== null || config.delivery.twilio !== null;
  devOutboxRoutes(app, { env: realDelivery ? "production" : config.env, db: database.db });
  const messenger = codeMessenger(() => app.delivery.wake(), {
    keepCode: !realDelivery && config.env !== "production",
  });
  await app.register(authRoutes, { keys, smsCountries: config.delivery.smsAllowedCountries, messenger });
  await app.register(organizationRoutes, { keys });
  await app.register(accountRoutes, { keys });
  await app.register(companyRoutes);
  await app.register(peopleRoutes, {
    publicUrl: config.publicUrl ?? "http://localhost:3000",
    smsCountries: config.delivery.smsAllowedCountries,
    invitationBudget,
  });
  await app.register(invitationRoutes, { keys, smsCountries: config.delivery.smsAllowedCountries, messenger });
  await app.register(jobRoutes);
  await app.register(boardRoutes);
  const scheduleEvents = new ScheduleEventHub(database.listen, app.log.child({ component: "schedule-events" }));
  app.decorate("scheduleEvents", scheduleEvents);
  await app.register(scheduleEventRoutes, { hub: scheduleEvents });
  // The board: week, month, shifts and rules.
  await app.register(scheduleRoutes);
  // Publishing, copying, templates, CSV, and the employee's side (/my).
  const publicUrl = config.publicUrl ?? "http://localhost:3000";
  await app.register(publishRoutes, { publicUrl, smsCountries: config.delivery.smsAllowedCountries });
  await app.register(templateRoutes);
  await app.register(exportRoutes);
  await app.register(myShiftRoutes);
  await app.register(myClockRoutes);
  await app.register(timeClockSettingsRoutes);
  await app.register(timeEntryRoutes);
  await app.register(timesheetRoutes);
  await app.register(timesheetExportRoutes);
  await app.register(liveRoutes);
  await app.register(overviewRoutes);
  // The managers' requests inbox and its count.
  await app.register(inboxRoutes);
  const timeClockEvents = new TimeClockHub(database.listen, app.log.child({ component: "time-clock-events" }));
  app.decorate("timeClockEvents", timeClockEvents);
  await app.register(timeClockEventRoutes, { hub: timeClockEvents });
  await app.register(calendarRoutes, { publicUrl });
  // Requests: what employees ask (and teammates answer), and the managers' decisions.
  const requestOptions = { publicUrl, smsCountries: config.delivery.smsAllowedCountries };
  await app.register(myRequestRoutes, requestOptions);
  await app.register(requestDecisionRoutes, requestOptions);
  await app.register(requestSettingsRoutes);
  // What employees read to ask, and the live streams of the inbox and /my.
  await app.register(myRequestReadRoutes);
  const requestEvents = new RequestsHub(database.listen, app.log.child({ component: "request-events" }));
  app.decorate("requestEvents", requestEvents);
  await app.register(requestEventRoutes, { hub: requestEvents });
  // Time off's setup, policies, balances and holidays.
  await app.register(timeOffSetupRoutes);
  await app.register(timeOffCalendarRoutes);
  await app.register(myTimeOffRoutes);
  await app.register(leavePolicyRoutes);
  await app.register(leaveLedgerRoutes);
  await app.register(holidayRoutes);
  await beforeReady?.(app);

  await installWebApp(app, config.webDist);
  return app;
}

/** The metrics' sources: the database's pools and outbox, and the live hubs (read when scraped). */
function appMetrics(app: FastifyInstance, database: AppDeps["database"], reads: ReplicaReads | null): AppMetrics {
  return createMetrics({
    replicaLagSeconds: reads ? () => reads.lagSeconds() : null,
    pools: () => database.pools?.() ?? [],
    outbox: () => outboxDepth(database.db),
    // Every hub that serves live streams; a new one joins this list.
    liveStreams: () =>
      [app.scheduleEvents, app.timeClockEvents, app.requestEvents].map((hub) => ({
        hub: hub.what.replaceAll(" ", "_"),
        open: hub.size,
      })),
    log: app.log.child({ component: "metrics" }),
  });
}
