import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ParamTable, Schema } from './schema.ts';
import { sourceHash } from './table.ts';

/**
 * Derives the sandbox's parameter table from the official `stripe` package with the
 * TypeScript compiler API: the SDK's resource scripts say which method calls which path
 * (`this._makeRequest('POST', '/v1/payment_intents', ...)`), and the same method's declaration
 * names the parameter type (`PaymentIntentCreateParams`), which is walked into a schema.
 */

/** Endpoints Stripe.js calls that the server SDK only knows under another path. */
export const ALIASES: Record<string, string> = {
  'POST /v1/confirmation_tokens': 'POST /v1/test_helpers/confirmation_tokens',
};

type SdkMethod = { file: string; className: string; methodName: string };

export function stripeRoot(): string {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: its main script lies one folder below the root.
  return path.resolve(path.dirname(require.resolve('stripe')), '..');
}

export function stripeVersion(): string {
  return JSON.parse(readFileSync(path.join(stripeRoot(), 'package.json'), 'utf8')).version;
}

/** The hash of the SDK version, this deriving code and the endpoints (see table.ts). */
export function derivedFrom(keys: readonly string[]): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const deriver = ['derive.ts', 'schema.ts'].map((f) => readFileSync(path.join(here, f), 'utf8'));
  return sourceHash(stripeVersion(), deriver.join('\n'), keys);
}

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending))
    .map((f) => path.join(dir, f));
}

/** Every `METHOD /v1/path` of the SDK, path ids written `:id`, with the method that calls it. */
function sdkEndpoints(resources: string): Map<string, SdkMethod> {
  const found = new Map<string, SdkMethod>();
  for (const file of filesUnder(resources, '.js')) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !member.name || !ts.isIdentifier(member.name)) {
          continue;
        }
        const call = findRequest(member);
        if (!call) continue;
        found.set(`${call.method} ${call.path}`, {
          file: file.replace(/\.js$/, '.d.ts'),
          className: statement.name.text,
          methodName: member.name.text,
        });
      }
    }
  }
  return found;
}

function findRequest(node: ts.Node): { method: string; path: string } | null {
  let result: { method: string; path: string } | null = null;
  const visit = (n: ts.Node) => {
    if (result) return;
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === '_makeRequest'
    ) {
      const [method, target] = n.arguments;
      if (method && ts.isStringLiteral(method) && target) {
        const route = pathOf(target);
        if (route) result = { method: method.text, path: route };
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return result;
}

function pathOf(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return null;
  return node.head.text + node.templateSpans.map((s) => `:id${s.literal.text}`).join('');
}

export function deriveParamTable(keys: readonly string[]): ParamTable {
  const root = stripeRoot();
  const resources = path.join(root, 'esm', 'resources');
  const endpoints = sdkEndpoints(resources);
  const wanted = keys.map((key) => {
    const method = endpoints.get(ALIASES[key] ?? key);
    if (!method) throw new Error(`The stripe package has no endpoint ${key}`);
    return { key, method };
  });
  const program = ts.createProgram({
    rootNames: [...new Set(wanted.map((w) => w.method.file))],
    options: { noEmit: true, skipLibCheck: true, strict: true, types: [] },
  });
  const checker = program.getTypeChecker();
  const walker = new SchemaWalker(checker);
  const table: ParamTable = {
    stripe: stripeVersion(),
    source: '',
    endpoints: {},
    types: walker.types,
  };
  for (const { key, method } of wanted) {
    const params = paramsTypeNode(program, method);
    const schema = params ? walker.named(checker.getTypeFromTypeNode(params)) : null;
    if (!schema || typeof schema !== 'object' || !('ref' in schema)) {
      throw new Error(`${key}: ${method.className}.${method.methodName} has no named params type`);
    }
    table.endpoints[key] = schema.ref;
  }
  table.types = Object.fromEntries(
    Object.entries(walker.types).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  table.source = derivedFrom(keys);
  return table;
}

function paramsTypeNode(program: ts.Program, method: SdkMethod): ts.TypeNode | undefined {
  const source = program.getSourceFile(method.file);
  if (!source) throw new Error(`Not found: ${method.file}`);
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || statement.name?.text !== method.className) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || member.name.getText(source) !== method.methodName) {
        continue;
      }
      return member.parameters.find((p) => p.name.getText(source) === 'params')?.type;
    }
  }
  return undefined;
}

/** `OtherString` (`string & Record<never, never>`), the SDK's "or any other string". */
function isOtherString(type: ts.Type): boolean {
  return type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.String);
}

/** Turns the SDK's types into schemas; named interfaces and aliases become shared entries. */
class SchemaWalker {
  readonly types: Record<string, Schema> = {};
  constructor(private readonly checker: ts.TypeChecker) {}

  /** A schema for the type, as a reference when the SDK gives it a name of its own. */
  named(type: ts.Type): Schema {
    const name = this.nameOf(type);
    if (!name) return this.schema(type);
    if (!(name in this.types)) {
      this.types[name] = 'any'; // set first, so a type that contains itself ends the walk
      this.types[name] = this.schema(type);
    }
    return { ref: name };
  }

  private nameOf(type: ts.Type): string | null {
    const symbol = type.aliasSymbol && !type.aliasTypeArguments ? type.aliasSymbol : null;
    const iface =
      type.flags & ts.TypeFlags.Object &&
      (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Interface
        ? type.symbol
        : null;
    const chosen = symbol ?? iface;
    if (!chosen) return null;
    // `"…/resources/PaymentIntents".PaymentIntentCreateParams.Shipping` -> without the module.
    const name = this.checker.getFullyQualifiedName(chosen).replace(/^"[^"]*"\./, '');
    return ['Array', 'Date', 'OtherString'].includes(name) ? null : name;
  }

  private schema(type: ts.Type): Schema {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any';
    if (f & ts.TypeFlags.Boolean || f & ts.TypeFlags.BooleanLiteral) return 'boolean';
    if (f & ts.TypeFlags.StringLiteral) {
      const value = (type as ts.StringLiteralType).value;
      return value === '' ? 'empty' : { enum: [value] };
    }
    if (f & ts.TypeFlags.String) return 'string';
    if (f & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return 'integer';
    if (f & ts.TypeFlags.Null) return 'empty';
    if (type.isUnion()) return this.union(type.types);
    if (isOtherString(type)) return 'string';
    const symbolName = type.getSymbol()?.getName();
    if (symbolName === 'Date') return 'integer';
    if (symbolName === 'Decimal') return 'number';
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      return { array: element ? this.named(element) : 'any' };
    }
    const index = this.checker.getIndexInfosOfType(type)[0];
    const properties = this.checker.getPropertiesOfType(type);
    if (index && properties.length === 0) return { map: this.named(index.type) };
    const object: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of properties) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration) continue;
      const propertyType = this.checker.getNonNullableType(
        this.checker.getTypeOfSymbolAtLocation(property, declaration),
      );
      // Null is taken out above only to be put back: `Emptyable` unions keep their ''.
      const declared = this.checker.getTypeOfSymbolAtLocation(property, declaration);
      const withNull =
        declared.isUnion() && declared.types.some((t) => t.flags & ts.TypeFlags.Null);
      const schema = this.named(propertyType);
      object[property.name] = withNull ? this.union([propertyType], true) : schema;
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    return required.length ? { object, required } : { object };
  }

  private union(members: readonly ts.Type[], empty = false): Schema {
    const literals: string[] = [];
    const rest: Schema[] = [];
    let boolean = false;
    let otherString = false;
    for (const member of members) {
      const f = member.flags;
      if (f & ts.TypeFlags.Undefined) continue;
      if (isOtherString(member)) otherString = true;
      else if (f & ts.TypeFlags.Null) empty = true;
      else if (f & ts.TypeFlags.BooleanLiteral) boolean = true;
      else if (f & ts.TypeFlags.StringLiteral && (member as ts.StringLiteralType).value !== '') {
        literals.push((member as ts.StringLiteralType).value);
      } else if (member.isUnion()) {
        const inner = this.union(member.types);
        rest.push(...(typeof inner === 'object' && 'anyOf' in inner ? inner.anyOf : [inner]));
      } else {
        const schema = this.named(member);
        if (schema === 'empty') empty = true;
        else rest.push(schema);
      }
    }
    if (boolean) rest.unshift('boolean');
    // The SDK adds `OtherString` to its enums only so that code compiles against newer API
    // values; the API itself takes the listed ones. A literal next to plain string is open.
    if (literals.length && !rest.includes('string')) rest.unshift({ enum: literals.sort() });
    else if (otherString && !rest.includes('string')) rest.unshift('string');
    if (empty) rest.push('empty');
    const unique = rest.filter(
      (s, i) => rest.findIndex((t) => JSON.stringify(t) === JSON.stringify(s)) === i,
    );
    return unique.length === 1 ? unique[0]! : { anyOf: unique };
  }
}
