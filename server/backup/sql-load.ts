/**
 * Loads a plain SQL dump (pg_dump's, PostgreSQL's or PGlite's own) through a connection that
 * takes SQL text: the embedded database and node-postgres alike, with no psql. COPY blocks
 * become INSERTs, psql's backslash commands are skipped, and a SET of a setting the target
 * does not know (a newer server's) is left out, so a dump moves in either direction.
 */
export type SqlTarget = {
  exec(sql: string): Promise<unknown>;
  /** The target's setting names, lower case. */
  settings: Set<string>;
};

const BATCH_BYTES = 1 << 20;
const COPY_ROWS = 500;
const COPY_START = /^COPY\s+(\S+)\s+\(([^)]*)\)\s+FROM\s+stdin;$/is;

type Quote = 'none' | 'single' | 'escape' | 'double' | 'dollar' | 'block';

export async function loadSqlDump(lines: AsyncIterable<string>, target: SqlTarget) {
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const text = batch.join('\n');
    batch = [];
    batchBytes = 0;
    await target.exec(text);
  };
  const push = async (statement: string) => {
    batch.push(statement);
    batchBytes += statement.length;
    if (batchBytes > BATCH_BYTES) await flush();
  };

  let statement = '';
  let quote: Quote = 'none';
  let dollarTag = '';
  let blockDepth = 0;
  // In an object: the closures below set it and the loop reads it.
  const state: { copy: { table: string; columns: string; rows: string[] } | null } = { copy: null };

  const flushCopy = async () => {
    const copy = state.copy;
    if (!copy || copy.rows.length === 0) return;
    await push(
      `INSERT INTO ${copy.table} (${copy.columns}) OVERRIDING SYSTEM VALUE VALUES ${copy.rows.join(',\n')};`,
    );
    copy.rows = [];
  };

  const finish = async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    const start = COPY_START.exec(trimmed);
    if (start) {
      state.copy = { table: start[1]!, columns: start[2]!, rows: [] };
      return;
    }
    const set = /^SET\s+([a-z_.]+)\s*(=|TO)/i.exec(trimmed);
    if (set && !target.settings.has(set[1]!.toLowerCase())) return;
    await push(trimmed);
  };

  for await (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const copy = state.copy;
    if (copy) {
      if (line === '\\.') {
        await flushCopy();
        state.copy = null;
      } else {
        copy.rows.push(`(${copyRow(line)})`);
        if (copy.rows.length >= COPY_ROWS) await flushCopy();
      }
      continue;
    }
    if (quote === 'none' && statement.trim() === '') {
      // psql's own commands (\connect, \restrict) and comment lines between statements.
      if (line.startsWith('\\') || line.startsWith('--')) continue;
    }
    let from = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      const next = line[i + 1];
      if (quote === 'none') {
        if (c === '-' && next === '-') break;
        if (c === "'")
          quote =
            /[eE]$/.test(line.slice(0, i)) && !/\w[eE]$/.test(line.slice(0, i))
              ? 'escape'
              : 'single';
        else if (c === '"') quote = 'double';
        else if (c === '/' && next === '*') {
          quote = 'block';
          blockDepth = 1;
          i++;
        } else if (c === '$') {
          const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(line.slice(i));
          if (tag && !/[A-Za-z0-9_]$/.test(line.slice(0, i))) {
            quote = 'dollar';
            dollarTag = tag[0];
            i += tag[0].length - 1;
          }
        } else if (c === ';') {
          await finish(statement + line.slice(from, i + 1));
          statement = '';
          from = i + 1;
          if (state.copy) break;
        }
      } else if (quote === 'single' || quote === 'escape') {
        if (quote === 'escape' && c === '\\') i++;
        else if (c === "'") {
          if (next === "'") i++;
          else quote = 'none';
        }
      } else if (quote === 'double') {
        if (c === '"') {
          if (next === '"') i++;
          else quote = 'none';
        }
      } else if (quote === 'dollar') {
        if (c === '$' && line.startsWith(dollarTag, i)) {
          quote = 'none';
          i += dollarTag.length - 1;
        }
      } else if (quote === 'block') {
        if (c === '/' && next === '*') {
          blockDepth++;
          i++;
        } else if (c === '*' && next === '/') {
          blockDepth--;
          i++;
          if (blockDepth === 0) quote = 'none';
        }
      }
    }
    const rest = line.slice(from);
    if (!state.copy && (rest.trim() !== '' || statement !== '')) statement += `${rest}\n`;
  }
  if (statement.trim()) await finish(statement);
  await flush();
}

/** One row of COPY's text format as a list of SQL literals. */
export function copyRow(line: string): string {
  return line
    .split('\t')
    .map((field) => (field === '\\N' ? 'NULL' : `'${unescapeCopy(field).replace(/'/g, "''")}'`))
    .join(',');
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

function unescapeCopy(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code[0] === 'x') return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}
