/** The process: read config, open and migrate the database, build, listen, shut down gracefully. */
import './runtime.ts';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { databaseOptions, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import {
  DEMO_PASSWORD,
  DEMO_SIGN_INS,
  DEMO_UNREGISTERED,
  isEmpty,
  seedDemoData,
  seedReferenceFiles,
} from './db/seed/demo.ts';
import { seedContent } from './db/seed/content.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { startMetricsListener } from './lib/metrics-listener.ts';

const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const database = openDatabase(databaseOptions(config.databaseUrl, config.dataDir));
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  await seedReferenceFiles(database.db);
  await seedContent(database.db, Date.now());
  const { app, deps } = await buildApp({ config, database });
  if (config.env === 'production' && !config.smsWebhookUrl) {
    // Not refused like a missing SMTP_URL: a provider may offer no SMS. But a claimant who
    // prefers SMS gets codes by SMS, so the operator must know those wait.
    app.log.warn(
      'SMS_WEBHOOK_URL is not set: text messages, including access codes for claimants who prefer SMS, ' +
        'wait in the outbox until it is (see portal notifications list)',
    );
  }
  if (config.demo && (await isEmpty(database.db))) {
    await seedDemoData(database.db, deps.cipher, deps.clock.now());
    app.log.info('demo data loaded into the empty database');
  }
  let closing = false;
  // While shutting down, every answer closes its connection: a proxy does not reuse it (this
  // process would refuse its next request with 503), and it does not stay open, idle, until its
  // keep-alive time-out and hold the exit up.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await app.listen({ port: config.port, host: config.host });
  // Which runtime answers is the first thing an operator checks (decision 028).
  app.log.info({ node: process.version, database: database.dialect }, 'portal started');
  // A server of its own (loopback by default): the metrics are never served on the portal's port.
  const metrics = config.metrics ? await startMetricsListener(app.metrics, config.metrics, app.log) : undefined;
  if (metrics)
    app.log.info({ address: metrics.address.address, port: metrics.address.port }, 'metrics listening on /metrics');
  if (config.demo) {
    const url = `http://localhost:${config.port}`;
    const lines = [
      '',
      `Claimant portal running on ${url} (${database.dialect}, Node.js ${process.version})`,
      `Demo sign-ins (password ${DEMO_PASSWORD}):`,
      ...DEMO_SIGN_INS.map((s) => `  ${s.username.padEnd(30)} ${s.outcome}`),
      `Not yet registered: claim ${DEMO_UNREGISTERED.claimNumber}, ${DEMO_UNREGISTERED.firstName} ${DEMO_UNREGISTERED.surname}, born 01/02/1980`,
      ...(config.devOutbox && !config.smtpUrl
        ? [`A first sign-in on a browser asks for a code: codes and other messages are at ${url}/dev/outbox`]
        : []),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    // Connections whose answer had begun before the signal (a download streaming) go idle later:
    // close each as it does (server.close() closes only those idle at the time).
    const reap = setInterval(() => app.server.closeIdleConnections(), 250);
    reap.unref();
    void Promise.all([app.close(), metrics?.close()])
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main().catch((e: unknown) => {
  console.error('The portal could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
