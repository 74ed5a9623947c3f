import { decimalText, type ActivityField, type ActivityValueKind, type ActivityView } from '@wms/shared-api';
import type { Queryable } from '../db';
import { labelsOf, type RefKind } from './queries';

/**
 * The activity log read by people (issue 8): each stored row's details (JSON written by the domains, see log.ts) become
 * labelled values — ids replaced by today's names (product code and name, warehouse, customer…), each value with the
 * kind the client formats in the user's language (numbers, days, yes/no, role and status names). Internal links
 * (reversal and replacement ids) are left out. The row also gets its subject: the entity by its name.
 */

export interface ActivityRow {
  id: number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: string | null;
  created_at: Date;
}

/** A detail key whose value is the id of something with a name. */
const REFS: Record<string, { field: string; ref: RefKind }> = {
  product_id: { field: 'product', ref: 'product' },
  supplier_id: { field: 'supplier', ref: 'supplier' },
  warehouse_id: { field: 'warehouse', ref: 'warehouse' },
  destination_warehouse_id: { field: 'destinationWarehouse', ref: 'warehouse' },
  customer_id: { field: 'customer', ref: 'customer' },
};

const f = (field: string, kind: ActivityValueKind) => ({ field, kind });

/** Known detail keys: their label key and how their value reads. Anything else is shown as text under its own key. */
const KEYS: Record<string, { field: string; kind: ActivityValueKind }> = {
  code: f('code', 'code'),
  product_code: f('product', 'code'),
  name: f('name', 'text'),
  business_name: f('name', 'text'),
  username: f('username', 'code'),
  description: f('description', 'text'),
  category: f('category', 'text'),
  unit_of_measure: f('unit', 'unit'),
  barcode: f('barcode', 'code'),
  role: f('role', 'role'),
  is_active: f('active', 'flag'),
  has_bom: f('hasBom', 'flag'),
  is_semi_finished: f('semiFinished', 'flag'),
  has_batch: f('hasBatch', 'flag'),
  has_expiry_date: f('hasExpiry', 'flag'),
  has_production_date: f('hasProductionDate', 'flag'),
  status: f('status', 'productStatus'),
  order_status: f('orderStatus', 'orderStatus'),
  movement_type: f('movementType', 'movementType'),
  batch_number: f('batch', 'code'),
  quantity: f('quantity', 'decimal'),
  price: f('price', 'decimal'),
  total: f('total', 'decimal'),
  total_amount: f('total', 'decimal'),
  currency: f('currency', 'code'),
  items: f('lines', 'integer'),
  lines: f('lines', 'integer'),
  number: f('number', 'code'),
  adjustments: f('adjustments', 'integer'),
  item_count: f('lines', 'integer'),
  sessions_ended: f('sessionsEnded', 'integer'),
  movement_date: f('date', 'day'),
  start_date: f('startDate', 'day'),
  end_date: f('endDate', 'day'),
  order_date: f('orderDate', 'day'),
  requested_arrival_date: f('requestedArrival', 'day'),
  confirmed_arrival_date: f('confirmedArrival', 'day'),
  document_date: f('documentDate', 'day'),
  order_number: f('order', 'code'),
  document_number: f('document', 'code'),
  supplier: f('supplier', 'text'),
  supplier_name: f('supplier', 'text'),
  notes: f('notes', 'text'),
  ip: f('address', 'code'),
  completed: f('completed', 'flag'),
  credentials: f('credentials', 'changed'),
  vat_number: f('vatNumber', 'code'),
  address: f('address', 'text'),
  city: f('city', 'text'),
  province: f('province', 'code'),
  zip_code: f('zipCode', 'code'),
  country: f('country', 'text'),
  email: f('email', 'code'),
  phone: f('phone', 'code'),
  contact_name: f('contactName', 'text'),
  contact_role: f('contactRole', 'text'),
  contact_phone: f('contactPhone', 'code'),
  shipping_method: f('shippingMethod', 'text'),
};

/** Internal links between rows: never shown. */
const HIDDEN = new Set(['replaced_by', 'reversal_id', 'id']);

/** The entity types whose row is named by its id, and the plain details that only repeat that name. */
const SUBJECTS: Record<string, { ref: RefKind; repeats: string[] }> = {
  product: { ref: 'product', repeats: ['code'] },
  warehouse: { ref: 'warehouse', repeats: ['name'] },
  supplier: { ref: 'supplier', repeats: ['business_name'] },
  customer: { ref: 'customer', repeats: ['business_name'] },
  user: { ref: 'user', repeats: ['username', 'name'] },
  purchase_order: { ref: 'purchase_order', repeats: ['order_number'] },
  goods_receipt: { ref: 'goods_receipt', repeats: ['order_number', 'document_number'] },
  price: { ref: 'price', repeats: ['product_code', 'product_id', 'supplier_id', 'supplier_name'] },
};

/** The known free-text details some rows carry (label key of a note without value). */
const NOTES: Record<string, string> = { 'first start: admin created': 'firstStart' };

const ARROW = ' → ';

/** A product's limit in one warehouse, as the stock limits' log row stores it. */
interface StockLimit {
  warehouse_id: unknown;
  min: unknown;
  max: unknown;
}

type Parsed = { kind: 'object'; value: Record<string, unknown> } | { kind: 'text'; value: string } | null;

function parse(details: string | null): Parsed {
  if (!details) return null;
  const text = details.trim();
  if (text.startsWith('{')) {
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) return { kind: 'object', value: value as Record<string, unknown> };
    } catch {
      /* shown as text */
    }
  }
  return { kind: 'text', value: text };
}

/** A stored value as text for its kind; '—' (describeChanges' empty) and empty values are null. */
function text(value: unknown, kind: ActivityValueKind): string | null {
  if (value === null || value === undefined || value === '' || value === '—') return null;
  if (value instanceof Date) return kind === 'day' ? value.toISOString().slice(0, 10) : value.toISOString();
  // A decimal stored as a JSON number by older rows: its exact text ('12.5'), the same as the decimal strings written now.
  if (kind === 'decimal' && typeof value === 'number') return decimalText(value) ?? `${value}`;
  const s = typeof value === 'object' ? JSON.stringify(value) : `${value}`;
  if (kind === 'day' && /^\d{4}-\d{2}-\d{2}T/.test(s)) return s.slice(0, 10);
  return s;
}

/** A change written "from → to" by describeChanges (and the purchase orders), or null. */
function change(value: unknown): { from: string; to: string } | null {
  if (typeof value !== 'string') return null;
  const at = value.indexOf(ARROW);
  return at < 0 ? null : { from: value.slice(0, at), to: value.slice(at + ARROW.length) };
}

/** Turns stored rows into their views: two passes, the first collects the ids to name, one query per kind of thing. */
export async function activityViews(q: Queryable, rows: ActivityRow[]): Promise<ActivityView[]> {
  const wanted = new Map<RefKind, Set<string>>();
  const want = (ref: RefKind, id: unknown) => {
    if (id === null || id === undefined || id === '—' || id === '') return;
    if (!wanted.has(ref)) wanted.set(ref, new Set());
    wanted.get(ref)!.add(String(id));
  };
  const parsed = rows.map((r) => parse(r.details));
  rows.forEach((r, i) => {
    const subject = SUBJECTS[r.entity_type];
    if (subject && r.entity_id) want(subject.ref, r.entity_id);
    const p = parsed[i];
    if (p?.kind !== 'object') return;
    for (const [key, value] of Object.entries(p.value)) {
      if (key === 'limits' && Array.isArray(value)) for (const l of value as StockLimit[]) want('warehouse', l.warehouse_id);
      const ref = REFS[key];
      if (!ref) continue;
      const c = change(value);
      if (c) {
        want(ref.ref, c.from);
        want(ref.ref, c.to);
      } else want(ref.ref, value);
    }
  });
  const labels = await labelsOf(q, wanted);
  const name = (ref: RefKind, id: unknown): string | null => {
    const raw = text(id, 'text');
    return raw === null ? null : (labels.get(`${ref}:${raw}`) ?? `#${raw}`);
  };

  return rows.map((r, i) => {
    const subjectOf = SUBJECTS[r.entity_type];
    const subject = subjectOf && r.entity_id ? (labels.get(`${subjectOf.ref}:${r.entity_id}`) ?? null) : null;
    const fields: ActivityField[] = [];
    const p = parsed[i];
    if (p?.kind === 'text') {
      const note = NOTES[p.value];
      fields.push(note ? { field: note, kind: 'changed', value: null } : { field: 'note', kind: 'text', value: p.value });
    }
    if (p?.kind === 'object') {
      for (const [key, value] of Object.entries(p.value)) {
        if (HIDDEN.has(key)) continue;
        const c = change(value);
        if (subject && !c && subjectOf.repeats.includes(key)) continue;
        // An empty plain value says nothing (a load has no destination, a product without batches no batch).
        if (!c && (value === null || value === undefined || value === '')) continue;
        const ref = REFS[key];
        if (ref) {
          fields.push(
            c
              ? { field: ref.field, kind: 'text', from: name(ref.ref, c.from), value: name(ref.ref, c.to) }
              : { field: ref.field, kind: 'text', value: name(ref.ref, value) },
          );
          continue;
        }
        if (key === 'lines' && Array.isArray(value)) {
          for (const line of value as { code?: unknown; quantity?: unknown }[]) {
            fields.push({
              field: 'line',
              kind: 'decimal',
              value: text(line.quantity, 'decimal'),
              of: text(line.code, 'code') ?? undefined,
            });
          }
          continue;
        }
        // A product's stock limits: each warehouse's minimum and maximum, the warehouse by its name.
        if (key === 'limits' && Array.isArray(value)) {
          for (const l of value as StockLimit[]) {
            const of = name('warehouse', l.warehouse_id) ?? undefined;
            fields.push({ field: 'minimum', kind: 'decimal', value: text(l.min, 'decimal'), of });
            fields.push({ field: 'maximum', kind: 'decimal', value: text(l.max, 'decimal'), of });
          }
          continue;
        }
        if (key === 'demo' && value && typeof value === 'object') {
          for (const [what, n] of Object.entries(value as Record<string, unknown>))
            fields.push({ field: what, kind: 'integer', value: text(n, 'integer') });
          continue;
        }
        const known = KEYS[key] ?? { field: key, kind: 'text' as const };
        if (c) fields.push({ field: known.field, kind: known.kind, from: text(c.from, known.kind), value: text(c.to, known.kind) });
        else fields.push({ field: known.field, kind: known.kind, value: text(value, known.kind) });
      }
    }
    return {
      id: Number(r.id),
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      details: r.details,
      subject,
      fields,
      created_at: r.created_at.toISOString(),
    };
  });
}
