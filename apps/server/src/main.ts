import { ConfigError, loadConfig } from './platform/config.js';
import { startRuntime, type Role } from './runtime.js';

function parseRole(argv: string[]): Role {
  const i = argv.indexOf('--role');
  const value = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith('--role='))?.slice(7) ?? 'all');
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  throw new ConfigError(`--role must be api, worker or all (got ${String(value)})`);
}

async function main(): Promise<void> {
  let config;
  let role: Role;
  try {
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const runtime = await startRuntime({ config, role });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  if (runtime.http) process.stdout.write(`Cabinet ready at ${url} (role ${role}, ${runtime.database.kind})\n`);
  else process.stdout.write(`Worker ready (${runtime.database.kind})\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    runtime
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
