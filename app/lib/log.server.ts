import { pino } from 'pino';

export type Logger = pino.Logger;

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** One readable line per entry for a developer's terminal: time, level, message, fields. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, msg, ...fields } = entry;
  const clock = String(time).slice(11, 23);
  const rest = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${String(msg ?? '')}${rest ? ` ${rest}` : ''}\n`;
}

/**
 * The process's logger: JSON lines on stdout (LOG_FORMAT=pretty for a terminal), at LOG_LEVEL
 * (info; warn for the test runner's own process, whose shops would fill its output).
 */
export function createLogger(
  source: NodeJS.ProcessEnv = process.env,
  destination: { write(line: string): void } = process.stdout,
): Logger {
  const mode = source.SHOP_ENV || source.NODE_ENV;
  const level = LEVELS.has(source.LOG_LEVEL ?? '')
    ? source.LOG_LEVEL!
    : mode === 'test'
      ? 'warn'
      : 'info';
  const pretty = source.LOG_FORMAT === 'pretty';
  const stream = pretty
    ? { write: (line: string) => destination.write(prettyLine(line)) }
    : destination;
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

export const logger: Logger = createLogger();
