// Importing WooCommerce's product CSV: each product with its variations in one transaction,
// a row with an error reported with its line and reason and its product left untouched.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { ErrorParams } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { deliveryTimes, depositTypes } from '#app/domain/compliance/compliance.schema.ts';
import { attributeTerms, attributes, categories, products } from './catalog.schema.ts';
import type { ProductRow } from './catalog.rules.ts';
import { type CsvLimits, readCsv } from './csv-reader.ts';
import type { PictureSource } from './product-import-pictures.server.ts';
import { type MappedField, guessMapping, parseParent, parseType } from './product-import.rules.ts';
import {
  type Decoded,
  E,
  type ImportRow,
  RowFailed,
  decode,
  mapRows,
} from './product-import.rows.ts';
import type { AttributeLink, ProductPatch } from './product-patch.ts';
import { createProduct, createVariation, slugify, updateProduct } from './product-writes.server.ts';
import { writeImportedLinks } from './product-import-links.server.ts';
import { foodWithNutrients } from './nutrients.rules.ts';

export type ImportOptions = {
  updateExisting: boolean;
  dryRun: boolean;
  pictures: PictureSource;
  actor: Actor;
  /** After each product: rows done of all rows. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  /** A product row written, with the id it has now (upsells and cross-sells follow at the end). */
  onProductWritten?: (d: Decoded, id: number) => void;
};

export type RowOutcome = {
  line: number;
  sku: string;
  name: string;
  outcome: 'created' | 'updated' | 'skipped';
  /** A message key (`admin.productImport.error.*` or a catalog error) and its values. */
  reason: string | null;
  params?: ErrorParams;
};

export type ImportReport = {
  created: number;
  updated: number;
  skipped: number;
  rows: RowOutcome[];
  /** Message keys of things the whole file did that were not applied (tags, …). */
  notes: string[];
};

class DryRunDone extends Error {}

const lowerDe = (column: unknown) => sql`lower(${column} ->> 'de')`;

async function freeCategorySlug(tx: Tx, wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? wanted : `${wanted}-${n}`;
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, slug))
      .limit(1);
    if (!taken) return slug;
  }
}

/** A category path's last category, the missing ones created. */
async function categoryOf(tx: Tx, path: string[]): Promise<number> {
  let parentId: number | null = null;
  for (const part of path) {
    const name = part.slice(0, 200);
    const found: { id: number }[] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
          sql`${lowerDe(categories.name)} = ${name.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (found[0]) {
      parentId = found[0].id;
      continue;
    }
    const slug = await freeCategorySlug(tx, slugify(name));
    const created: { id: number }[] = await tx
      .insert(categories)
      .values({ slug, parentId, name: { de: name } })
      .returning({ id: categories.id });
    parentId = created[0]!.id;
  }
  return parentId!;
}

/** A global attribute by its name (or slug), created with its missing terms. */
async function attributeOf(tx: Tx, name: string, values: string[]) {
  const label = name.slice(0, 200);
  const slug = slugify(label);
  let [attribute] = await tx
    .select()
    .from(attributes)
    .where(
      sql`${lowerDe(attributes.name)} = ${label.toLowerCase()} or ${attributes.slug} = ${slug}`,
    )
    .limit(1);
  attribute ??= (
    await tx
      .insert(attributes)
      .values({ slug, name: { de: label } })
      .returning()
  )[0]!;
  const terms = await tx
    .select()
    .from(attributeTerms)
    .where(eq(attributeTerms.attributeId, attribute.id));
  const out: { id: number; slug: string }[] = [];
  for (const value of values) {
    const v = value.slice(0, 200);
    const termSlug = slugify(v);
    let term = terms.find(
      (t) => t.name.de.toLowerCase() === v.toLowerCase() || t.slug === termSlug,
    );
    if (!term) {
      term = (
        await tx
          .insert(attributeTerms)
          .values({
            attributeId: attribute.id,
            slug: termSlug,
            name: { de: v },
            position: terms.length,
          })
          .returning()
      )[0]!;
      terms.push(term);
    }
    out.push({ id: term.id, slug: term.slug });
  }
  return { attribute, terms: out };
}

async function deliveryTimeOf(tx: Tx, label: string, line: number) {
  const [row] = await tx
    .select({ id: deliveryTimes.id })
    .from(deliveryTimes)
    .where(
      sql`${lowerDe(deliveryTimes.label)} = ${label.toLowerCase()} or ${deliveryTimes.slug} = ${label}`,
    )
    .limit(1);
  if (!row) throw new RowFailed(line, E('unknown_delivery_time'), { value: label.slice(0, 100) });
  return row.id;
}

async function depositTypeOf(tx: Tx, name: string, line: number) {
  const [row] = await tx
    .select({ id: depositTypes.id })
    .from(depositTypes)
    .where(
      sql`${lowerDe(depositTypes.name)} = ${name.toLowerCase()} or ${depositTypes.slug} = ${name}`,
    )
    .limit(1);
  if (!row) throw new RowFailed(line, E('unknown_deposit_type'), { value: name.slice(0, 100) });
  return row.id;
}

/** The row's references resolved into the patch (categories, pictures, attributes, legal data). */
async function fullPatch(tx: Tx, d: Decoded, options: ImportOptions): Promise<ProductPatch> {
  const patch: ProductPatch = { ...d.patch };
  const line = d.row.line;
  if (d.categories && d.kind !== 'variation') {
    const ids: number[] = [];
    for (const path of d.categories) if (path.length) ids.push(await categoryOf(tx, path));
    patch.categoryIds = ids;
  }
  if (d.images) {
    const ids: number[] = [];
    for (const ref of d.images.slice(0, 50)) {
      const found = await options.pictures.resolve(tx, ref, options.dryRun);
      if (!found.ok) {
        throw new RowFailed(line, E(found.code), { picture: ref.slice(0, 200) });
      }
      if (found.imageId !== null) ids.push(found.imageId);
    }
    if (!options.dryRun) patch.imageIds = ids;
  }
  if (d.tags !== undefined && d.kind !== 'variation') patch.tagNames = d.tags;
  if (d.deliveryTime !== undefined) {
    patch.deliveryTimeId = d.deliveryTime ? await deliveryTimeOf(tx, d.deliveryTime, line) : null;
  }
  if (d.depositType !== undefined) {
    patch.depositTypeId = d.depositType ? await depositTypeOf(tx, d.depositType, line) : null;
  }
  if (d.kind === 'variation') {
    if (d.row.attributes.length) {
      const chosen: Record<string, string> = {};
      for (const a of d.row.attributes) {
        const { attribute, terms } = await attributeOf(tx, a.name, a.values.slice(0, 1));
        chosen[attribute.slug] = terms[0]?.slug ?? '';
      }
      patch.variationAttributes = chosen;
    }
  } else if (d.row.attributes.length || d.kind === 'variable') {
    const links: AttributeLink[] = [];
    for (const a of d.row.attributes) {
      const { attribute, terms } = await attributeOf(tx, a.name, a.values.slice(0, 500));
      links.push({
        attributeId: attribute.id,
        termIds: terms.map((t) => t.id),
        visible: a.visible ?? true,
        usedForVariations: d.kind === 'variable',
      });
    }
    patch.attributes = links;
  }
  return patch;
}

/** The product a row updates: by ID, else by SKU; null when it is new. */
async function existing(tx: Tx, d: Decoded): Promise<ProductRow | null> {
  if (d.id !== null) {
    const [row] = await tx.select().from(products).where(eq(products.id, d.id)).limit(1);
    if (row) return row;
  }
  if (d.sku) {
    const [row] = await tx.select().from(products).where(eq(products.sku, d.sku)).limit(1);
    if (row) return row;
  }
  return null;
}

type Group = { main: Decoded | null; variations: Decoded[]; failed: RowFailed | null };

function describe(d: Decoded | ImportRow) {
  const row = 'row' in d ? d.row : d;
  return { line: row.line, sku: row.cells.get('sku') ?? '', name: row.cells.get('name') ?? '' };
}

/** Writes one product with its variations; throws RowFailed (all rolled back) on the first error. */
async function writeGroup(tx: Tx, group: Group, options: ImportOptions): Promise<RowOutcome[]> {
  const out: RowOutcome[] = [];
  const actor = options.actor;
  const check = <T>(
    line: number,
    result: { ok: true; value: T } | { ok: false; error: { code: string; params?: ErrorParams } },
  ) => {
    if (!result.ok) throw new RowFailed(line, result.error.code, result.error.params);
    return result.value;
  };
  let parentId: number | null = null;
  if (group.main) {
    const d = group.main;
    const line = d.row.line;
    const before = await existing(tx, d);
    const patch = await fullPatch(tx, d, options);
    if (d.nutrients) patch.food = foodWithNutrients(before?.food ?? null, d.nutrients);
    if (before && !options.updateExisting) {
      throw new RowFailed(line, E('exists'), { sku: d.sku || String(d.id) });
    }
    if (before) {
      if (before.parentId !== null || before.type !== d.kind) {
        throw new RowFailed(line, E('type_mismatch'), { id: before.id });
      }
      parentId = check(line, await updateProduct(tx, before.id, patch, actor)).id;
      options.onProductWritten?.(d, parentId);
      out.push({ ...describe(d), outcome: 'updated', reason: null });
    } else {
      if (!patch.name?.de && !patch.name?.en) throw new RowFailed(line, E('name_required'));
      const created = check(
        line,
        await createProduct(
          tx,
          d.kind as 'simple' | 'variable' | 'grouped' | 'external',
          patch,
          actor,
        ),
      );
      parentId = created.id;
      options.onProductWritten?.(d, parentId);
      out.push({ ...describe(d), outcome: 'created', reason: null });
    }
  }
  for (const v of group.variations) {
    const line = v.row.line;
    let pid = parentId;
    if (pid === null) {
      const ref = v.parent!;
      const [parent] = await tx
        .select({ id: products.id, type: products.type })
        .from(products)
        .where(
          and(
            isNull(products.parentId),
            'id' in ref ? eq(products.id, ref.id) : eq(products.sku, ref.sku),
          ),
        )
        .limit(1);
      if (!parent)
        throw new RowFailed(line, E('parent_not_found'), {
          parent: 'id' in ref ? `id:${ref.id}` : ref.sku,
        });
      if (parent.type !== 'variable') throw new RowFailed(line, E('parent_not_variable'));
      pid = parent.id;
    }
    const before = await existing(tx, v);
    const patch = await fullPatch(tx, v, options);
    if (v.nutrients) patch.food = foodWithNutrients(before?.food ?? null, v.nutrients);
    if (before && !options.updateExisting) {
      throw new RowFailed(line, E('exists'), { sku: v.sku || String(v.id) });
    }
    if (before) {
      if (before.parentId !== pid) throw new RowFailed(line, E('type_mismatch'), { id: before.id });
      check(line, await updateProduct(tx, before.id, patch, actor, { parentId: pid }));
      out.push({ ...describe(v), outcome: 'updated', reason: null });
    } else {
      check(line, await createVariation(tx, pid, patch, actor));
      out.push({ ...describe(v), outcome: 'created', reason: null });
    }
  }
  return out;
}

/** Groups rows into products with their variations (variations of a product in the file follow it). */
function groupRows(rows: ImportRow[]): { groups: Group[]; failed: RowOutcome[] } {
  const groups: Group[] = [];
  const failed: RowOutcome[] = [];
  const byId = new Map<number, Group>();
  const bySku = new Map<string, Group>();
  const decoded: (Decoded | RowFailed)[] = rows.map((row) => {
    try {
      return decode(row);
    } catch (error) {
      if (error instanceof RowFailed) return error;
      throw error;
    }
  });
  decoded.forEach((d, i) => {
    if (d instanceof RowFailed) {
      failed.push({ ...describe(rows[i]!), outcome: 'skipped', reason: d.code, params: d.params });
      return;
    }
    if (d.kind === 'variation') return;
    const group: Group = { main: d, variations: [], failed: null };
    groups.push(group);
    if (d.id !== null) byId.set(d.id, group);
    if (d.sku) bySku.set(d.sku, group);
  });
  // A variation that cannot be read fails its product in the file: never half-imported.
  decoded.forEach((d, i) => {
    if (!(d instanceof RowFailed)) return;
    const cells = rows[i]!.cells;
    if (parseType(cells.get('type') ?? '').kind !== 'variation') return;
    const ref = parseParent(cells.get('parent') ?? '');
    const group = ref && ('id' in ref ? byId.get(ref.id) : bySku.get(ref.sku));
    if (group && !group.failed) group.failed = d;
  });
  // Variations of products not in the file: one group per parent reference.
  const outside = new Map<string, Group>();
  for (const d of decoded) {
    if (d instanceof RowFailed || d.kind !== 'variation') continue;
    const ref = d.parent!;
    const inFile = 'id' in ref ? byId.get(ref.id) : bySku.get(ref.sku);
    if (inFile) {
      inFile.variations.push(d);
      continue;
    }
    const key = 'id' in ref ? `id:${ref.id}` : `sku:${ref.sku}`;
    let group = outside.get(key);
    if (!group) {
      group = { main: null, variations: [], failed: null };
      outside.set(key, group);
      groups.push(group);
    }
    group.variations.push(d);
  }
  return { groups, failed };
}

/**
 * Imports (or with `dryRun` only checks) the rows: one transaction per product with its
 * variations, rolled back on a row's error or when it is a dry run.
 */
export async function importProducts(
  db: Tx,
  rows: ImportRow[],
  options: ImportOptions,
): Promise<ImportReport> {
  const { groups, failed } = groupRows(rows);
  const outcomes: RowOutcome[] = [...failed];
  const notes = new Set<string>();
  // Upsells and cross-sells may name products further down the file: written at the end.
  const linked: { d: Decoded; id: number }[] = [];
  let done = failed.length;
  for (const group of groups) {
    const members = [...(group.main ? [group.main] : []), ...group.variations];
    if (group.failed) {
      for (const m of members) {
        outcomes.push({
          ...describe(m),
          outcome: 'skipped',
          reason: E('product_failed'),
          params: { line: group.failed.line },
        });
      }
      done += members.length;
      continue;
    }
    try {
      const pending: { d: Decoded; id: number }[] = [];
      const written = await db.transaction(async (tx) => {
        const result = await writeGroup(tx, group, {
          ...options,
          onProductWritten: (d, id) => {
            options.onProductWritten?.(d, id);
            if (d.upsells || d.crossSells || d.groupedProducts) pending.push({ d, id });
          },
        });
        if (options.dryRun) throw new DryRunDone(JSON.stringify(result));
        return result;
      });
      outcomes.push(...written);
      // Only products written keep their links for the end.
      linked.push(...pending);
    } catch (error) {
      if (error instanceof DryRunDone) {
        outcomes.push(...(JSON.parse(error.message) as RowOutcome[]));
      } else if (error instanceof RowFailed) {
        options.pictures.clear();
        for (const m of members) {
          const own = m.row.line === error.line;
          outcomes.push({
            ...describe(m),
            outcome: 'skipped',
            reason: own ? error.code : E('product_failed'),
            params: own ? error.params : { line: error.line },
          });
        }
      } else throw error;
    }
    done += members.length;
    await options.onProgress?.(done, rows.length);
    // Lets the server answer the storefront between products.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (linked.length > 0) {
    const unknown = await writeImportedLinks(db, linked, options.actor, notes);
    // The product is written; its row says which references were left out.
    for (const row of outcomes) {
      const refs = unknown.get(row.line);
      if (!refs || row.reason) continue;
      row.reason = E('links_unknown_refs');
      row.params = { refs: refs.join(', ').slice(0, 300) };
    }
  }
  outcomes.sort((a, b) => a.line - b.line);
  const count = (o: RowOutcome['outcome']) => outcomes.filter((r) => r.outcome === o).length;
  return {
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    rows: outcomes,
    notes: [...notes],
  };
}
export type { ImportRow } from './product-import.rows.ts';

/** A whole CSV text imported with the guessed (or a given) column mapping. */
export async function importCsvText(
  db: Tx,
  text: string,
  options: ImportOptions & { mapping?: (MappedField | null)[]; limits?: CsvLimits },
): Promise<ImportReport> {
  const [header, ...records] = readCsv(text, options.limits);
  const mapping = options.mapping ?? guessMapping(header!.cells);
  return importProducts(db, mapRows(records, mapping), options);
}
