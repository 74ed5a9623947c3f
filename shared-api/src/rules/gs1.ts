/**
 * THE GS1 module: builds the element string our receipt labels print (GS1-128, drawn by bwip-js) and reads back what a
 * scanner sends — the same module both ways, so every label parses back to what it was built from (property test).
 *
 * A scan arrives in one of these forms (GS1 General Specifications §7.8, ISO/IEC 15424):
 *   ]C1 0108001234567897 17270331 10L-AUD-01 <GS> 240AUD-FARINA   raw, with a symbology identifier (]C1 GS1-128,
 *                                                                  ]d2 GS1 DataMatrix, ]e0 GS1 DataBar, ]Q3 GS1 QR)
 *   0108001234567897172703311 0L-AUD-01<GS>240AUD-FARINA          raw without identifier (most scanners' default)
 *   (01)08001234567897(17)270331(10)L-AUD-01(240)AUD-FARINA        the human-readable form (also what bwip-js takes)
 * FNC1 (the separator after a variable-length field) comes as ASCII 29 (GS), as U+241D (the visible "GS" symbol) or as
 * the text "<GS>"; scanners' trailing CR, LF or Tab and surrounding spaces are dropped. Plain product codes, GTINs and
 * supplier codes pass through as `{ kind: 'plain' }`.
 */
import { gtinProblem } from './gtin';
import { cleanScan, GS } from './scan-text';

/** An application identifier and its value, as carried. */
export interface Gs1Element {
  ai: string;
  value: string;
}

/** What a GS1 string says, read into the fields the portal fills. Dates 'yyyy-MM-dd'; quantity an exact decimal text. */
export interface Gs1Fields {
  /** (01) GTIN of the trade item. */
  gtin?: string;
  /** (02) GTIN of the contained trade items (on a logistic unit). */
  contentGtin?: string;
  /** (10) batch / lot. */
  batch?: string;
  /** (11) production date. */
  productionDate?: string;
  /** (15) best before date. */
  bestBeforeDate?: string;
  /** (17) expiry date. */
  expiryDate?: string;
  /** (21) serial number. */
  serial?: string;
  /** (240) additional product identification: our product code on our labels. */
  productCode?: string;
  /** (310n) net kg, (311n) metres, (315n) litres, (30) variable count or (37) count of items, in that preference. */
  quantity?: string;
  /** The unit `quantity` is in: kg, m, l, or piece for a count. */
  quantityUnit?: 'kg' | 'm' | 'l' | 'piece';
}

export type Gs1Problem = 'empty' | 'unknownAi' | 'badValue' | 'badDate' | 'badCheckDigit' | 'tooLong' | 'duplicateAi';

export type Gs1Parse = { ok: true; elements: Gs1Element[]; fields: Gs1Fields } | { ok: false; problem: Gs1Problem; ai?: string };

// --------------------------------------------------------------------------------------------- the AI table (subset)

/** GS1 character set 82: what an alphanumeric AI value may hold. */
export const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

interface AiSpec {
  /** Fixed length of the value, or undefined for a variable one up to `max`. */
  length?: number;
  max: number;
  numeric: boolean;
  date?: boolean;
}

const fixed = (length: number, date = false): AiSpec => ({ length, max: length, numeric: true, date });
const upToN = (max: number): AiSpec => ({ max, numeric: true });
const upToX = (max: number): AiSpec => ({ max, numeric: false });

/** The length of an AI from its first two digits (GS1 General Specifications, figure 3.2-1). */
function aiLength(prefix: string): number | undefined {
  const n = Number(prefix);
  if (n <= 2 || (n >= 10 && n <= 22) || n === 30 || n === 37 || n >= 90) return 2;
  if ((n >= 23 && n <= 25) || (n >= 40 && n <= 42)) return 3;
  if ((n >= 31 && n <= 36) || n === 39 || n === 70 || n === 71 || (n >= 80 && n <= 82)) return 4;
  return undefined;
}

const SPECS: Record<string, AiSpec> = {
  '00': fixed(18),
  '01': fixed(14),
  '02': fixed(14),
  '03': fixed(14),
  '10': upToX(20),
  '11': fixed(6, true),
  '12': fixed(6, true),
  '13': fixed(6, true),
  '15': fixed(6, true),
  '16': fixed(6, true),
  '17': fixed(6, true),
  '20': fixed(2),
  '21': upToX(20),
  '22': upToX(20),
  '235': upToX(28),
  '240': upToX(30),
  '241': upToX(30),
  '242': upToN(6),
  '243': upToX(20),
  '250': upToX(30),
  '251': upToX(30),
  '253': upToX(30),
  '254': upToX(20),
  '255': upToN(25),
  '30': upToN(8),
  '37': upToN(8),
  '400': upToX(30),
  '401': upToX(30),
  '402': fixed(17),
  '403': upToX(30),
  '420': upToX(20),
  '421': upToX(12),
  '422': fixed(3),
  '423': upToN(15),
  '424': fixed(3),
  '425': upToN(15),
  '426': fixed(3),
  '427': upToX(3),
  '7003': fixed(10),
  '7006': fixed(6, true),
  '8005': fixed(6),
  '8020': upToX(25),
  '8200': upToX(70),
  '90': upToX(30),
};

function specOf(ai: string): AiSpec | undefined {
  const known = SPECS[ai];
  if (known) return known;
  if (/^3[1-6]\d\d$/.test(ai) && Number(ai[3]) <= 5) return fixed(6); // measures: 4th digit = decimals (0–5)
  if (/^39[0-3]\d$/.test(ai)) return upToN(ai[2] === '1' || ai[2] === '3' ? 18 : 15); // amounts
  if (/^9[1-9]$/.test(ai)) return upToX(90); // company internal
  if (/^(41[0-7])$/.test(ai)) return fixed(13); // GLNs
  return undefined;
}

/** AIs whose length is predefined (figure 7.8.5-2): no FNC1 is needed after them. */
function predefinedLength(ai: string): boolean {
  return [
    '00',
    '01',
    '02',
    '03',
    '04',
    '11',
    '12',
    '13',
    '14',
    '15',
    '16',
    '17',
    '18',
    '19',
    '20',
    '31',
    '32',
    '33',
    '34',
    '35',
    '36',
    '41',
  ].includes(ai.slice(0, 2));
}

// ------------------------------------------------------------------------------------------------------------- dates

/**
 * A GS1 date yyMMdd → 'yyyy-MM-dd'; null when it is no real day. The century follows GS1 §7.12: the year lies from 49
 * years before to 50 years after the reference year. Day 00 means the month's last day.
 */
export function readGs1Date(yymmdd: string, referenceYear: number = new Date().getUTCFullYear()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  const refCentury = Math.floor(referenceYear / 100) * 100;
  const diff = yy - (referenceYear % 100);
  const year = diff >= 51 ? refCentury - 100 + yy : diff <= -50 ? refCentury + 100 + yy : refCentury + yy;
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'yyyy-MM-dd' → yyMMdd. */
export function gs1Date(iso: string): string {
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

// ---------------------------------------------------------------------------------------------------------- cleaning

/** Symbology identifiers that announce GS1 data (GS1-128, GS1 DataBar, GS1 DataMatrix, GS1 QR, GS1 DotCode). */
const GS1_SYMBOLOGIES = /^\](C1|e0|e1|e2|d2|Q3|J1)/;
/** Any other identifier (]E0 EAN-13, ]C0 plain Code 128, ]A0 Code 39…): dropped, the rest is a plain code. */
const OTHER_SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;

// ------------------------------------------------------------------------------------------------------------ parsing

function checkValue(ai: string, spec: AiSpec, value: string, referenceYear: number): Gs1Problem | null {
  if (value.length === 0 || value.length > spec.max) return spec.length && value.length < spec.length ? 'badValue' : 'tooLong';
  if (spec.length !== undefined && value.length !== spec.length) return 'badValue';
  if (spec.numeric ? !/^\d+$/.test(value) : !CSET82.test(value)) return 'badValue';
  if (spec.date && !readGs1Date(value, referenceYear)) return 'badDate';
  if ((ai === '01' || ai === '02') && gtinProblem(value) !== null) return 'badCheckDigit';
  return null;
}

/** Decimal text of a measure's 6 digits with `decimals` of them after the point ('001250', 3 → '1.25'). */
function measure(digits: string, decimals: number): string {
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

function fieldsOf(elements: Gs1Element[], referenceYear: number): Gs1Fields {
  const f: Gs1Fields = {};
  const by = new Map(elements.map((e) => [e.ai, e.value]));
  const date = (ai: string) => (by.has(ai) ? (readGs1Date(by.get(ai)!, referenceYear) ?? undefined) : undefined);
  if (by.has('01')) f.gtin = by.get('01');
  if (by.has('02')) f.contentGtin = by.get('02');
  if (by.has('10')) f.batch = by.get('10');
  if (by.has('21')) f.serial = by.get('21');
  if (by.has('240')) f.productCode = by.get('240');
  f.productionDate = date('11');
  f.bestBeforeDate = date('15');
  f.expiryDate = date('17');
  const units: Array<[string, 'kg' | 'm' | 'l']> = [
    ['310', 'kg'],
    ['311', 'm'],
    ['315', 'l'],
  ];
  for (const [prefix, unit] of units) {
    const e = elements.find((x) => x.ai.startsWith(prefix));
    if (e && f.quantity === undefined) {
      f.quantity = measure(e.value, Number(e.ai[3]));
      f.quantityUnit = unit;
    }
  }
  for (const ai of ['30', '37']) {
    if (f.quantity === undefined && by.has(ai)) {
      f.quantity = by.get(ai)!.replace(/^0+(?=\d)/, '');
      f.quantityUnit = 'piece';
    }
  }
  for (const k of Object.keys(f) as (keyof Gs1Fields)[]) if (f[k] === undefined) delete f[k];
  return f;
}

function finish(elements: Gs1Element[], referenceYear: number): Gs1Parse {
  if (elements.length === 0) return { ok: false, problem: 'empty' };
  const seen = new Set<string>();
  for (const e of elements) {
    if (seen.has(e.ai)) return { ok: false, problem: 'duplicateAi', ai: e.ai };
    seen.add(e.ai);
  }
  return { ok: true, elements, fields: fieldsOf(elements, referenceYear) };
}

/** The human-readable form: (AI)value(AI)value…; separators inside are ignored. */
function parseBracketed(text: string, referenceYear: number): Gs1Parse {
  const elements: Gs1Element[] = [];
  const re = /\((\d{2,4})\)([^]*?)(?=\(\d{2,4}\)|$)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return { ok: false, problem: 'badValue' };
    const [, ai, rawValue] = m;
    const spec = aiLength(ai.slice(0, 2)) === ai.length ? specOf(ai) : undefined;
    if (!spec) return { ok: false, problem: 'unknownAi', ai };
    const value = rawValue.split(GS).join('');
    const problem = checkValue(ai, spec, value, referenceYear);
    if (problem) return { ok: false, problem, ai };
    elements.push({ ai, value });
    at = re.lastIndex;
  }
  return finish(elements, referenceYear);
}

/** The raw form: AI value AI value…, a GS after each variable-length value that is not the last. */
function parseRaw(text: string, referenceYear: number): Gs1Parse {
  const elements: Gs1Element[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === GS) {
      i++;
      continue;
    }
    const len = aiLength(text.slice(i, i + 2));
    const ai = len ? text.slice(i, i + len) : text.slice(i, i + 2);
    const spec = len && /^\d+$/.test(ai) && ai.length === len ? specOf(ai) : undefined;
    if (!spec) return { ok: false, problem: 'unknownAi', ai };
    i += ai.length;
    let value: string;
    if (spec.length !== undefined) {
      value = text.slice(i, i + spec.length);
      i += value.length;
    } else {
      const end = text.indexOf(GS, i);
      value = text.slice(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end + 1;
    }
    const problem = checkValue(ai, spec, value, referenceYear);
    if (problem) return { ok: false, problem, ai };
    elements.push({ ai, value });
  }
  return finish(elements, referenceYear);
}

/**
 * Reads a GS1 element string in any of the forms above (cleaned first). `referenceYear` places two-digit years (GS1's
 * sliding century); it defaults to this year.
 */
export function parseGs1(raw: string, referenceYear: number = new Date().getUTCFullYear()): Gs1Parse {
  let text = cleanScan(raw);
  text = text.replace(GS1_SYMBOLOGIES, '');
  while (text.startsWith(GS)) text = text.slice(1);
  if (text.startsWith('(')) return parseBracketed(text, referenceYear);
  return parseRaw(text, referenceYear);
}

export type ScanRead =
  /** GS1 data (announced by its symbology identifier, brackets or a separator). */
  | { kind: 'gs1'; text: string; elements: Gs1Element[]; fields: Gs1Fields }
  /** A plain code (product code, GTIN, supplier code); `gs1` when the same text also reads as unannounced GS1 data. */
  | { kind: 'plain'; code: string; gs1?: Gs1Fields }
  /** Announced as GS1 but unreadable. */
  | { kind: 'invalid'; text: string; problem: Gs1Problem; ai?: string }
  | { kind: 'empty' };

/** What a scanned text is: the one decision the scan input and the barcode lookup share. */
export function readScan(raw: string, referenceYear: number = new Date().getUTCFullYear()): ScanRead {
  const text = cleanScan(raw);
  if (!text || text === GS) return { kind: 'empty' };
  const announced = GS1_SYMBOLOGIES.test(text) || text.startsWith('(') || text.includes(GS);
  if (announced) {
    const parsed = parseGs1(text, referenceYear);
    return parsed.ok
      ? { kind: 'gs1', text, elements: parsed.elements, fields: parsed.fields }
      : { kind: 'invalid', text, problem: parsed.problem, ai: parsed.ai };
  }
  const code = text.replace(OTHER_SYMBOLOGY, '');
  // A bare GTIN (8, 12, 13 or 14 digits) is a product barcode; longer digit strings and AI-led texts may be GS1 without
  // its identifier: offered as an alternative reading, tried after the plain code.
  if (/^\d{8}$|^\d{12,14}$/.test(code)) return { kind: 'plain', code };
  const parsed = parseGs1(code, referenceYear);
  return parsed.ok && Object.keys(parsed.fields).length > 0 ? { kind: 'plain', code, gs1: parsed.fields } : { kind: 'plain', code };
}

// ----------------------------------------------------------------------------------------------------------- building

/** What a receipt label carries (one batch, or one line without batches). */
export interface LabelData {
  productCode: string;
  batch: string | null;
  productionDate: string | null;
  expiryDate: string | null;
  /** Exact decimal text ('12.500'); optional: older callers print no quantity. */
  quantity?: string | null;
  unit?: string | null;
}

const MEASURE_AI: Record<string, string> = { kg: '310', m: '311', l: '315' };

/** The (310n)/(311n)/(315n) or (30) element of a quantity, or null when GS1 cannot carry it exactly. */
function quantityElement(quantity: string, unit: string | null | undefined): Gs1Element | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(quantity.trim());
  if (!m) return null;
  const whole = m[1].replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  const measureAi = unit ? MEASURE_AI[unit] : undefined;
  if (measureAi) {
    const digits = `${whole === '0' ? '' : whole}${frac}`;
    if (frac.length > 5 || digits.length > 6) return null;
    return { ai: `${measureAi}${frac.length}`, value: `${whole}${frac}`.padStart(6, '0').slice(-6) };
  }
  if (frac || whole.length > 8) return null;
  return { ai: '30', value: whole };
}

/**
 * The elements of a label, in print order: dates and the measure first (predefined length), then the variable-length
 * batch, count and product code. Fields GS1 cannot carry (a batch over 20 characters or outside character set 82, a
 * quantity with too many digits) are left out rather than mangled.
 */
export function labelElements(d: LabelData): Gs1Element[] {
  const out: Gs1Element[] = [];
  if (d.productionDate) out.push({ ai: '11', value: gs1Date(d.productionDate) });
  if (d.expiryDate) out.push({ ai: '17', value: gs1Date(d.expiryDate) });
  const q = d.quantity ? quantityElement(d.quantity, d.unit) : null;
  if (q && q.ai !== '30') out.push(q);
  if (d.batch && d.batch.length <= 20 && CSET82.test(d.batch)) out.push({ ai: '10', value: d.batch });
  if (q && q.ai === '30') out.push(q);
  if (d.productCode && d.productCode.length <= 30 && CSET82.test(d.productCode)) out.push({ ai: '240', value: d.productCode });
  return out;
}

/** The human-readable element string ('(11)250101(17)261231(10)L1(240)P-1'): what bwip-js draws and prints below. */
export function gs1HumanText(elements: readonly Gs1Element[]): string {
  return elements.map((e) => `(${e.ai})${e.value}`).join('');
}

/** What a scanner sends for these elements: ']C1' then each AI and value, GS after each variable-length value but the last. */
export function gs1RawText(elements: readonly Gs1Element[], symbology = ']C1'): string {
  return symbology + elements.map((e, i) => `${e.ai}${e.value}${i < elements.length - 1 && !predefinedLength(e.ai) ? GS : ''}`).join('');
}

/** The label's bracketed element string for bwip-js; '' when GS1 can carry none of its fields. */
export function gs1Text(d: LabelData): string {
  return gs1HumanText(labelElements(d));
}
