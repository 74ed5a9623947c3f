// The API-report check fed fixtures (issue 24): it must fail on a changed export without the matching version bump. It
// never reads the real packages' exports (five teams change them): a fixture kit and fixture reports only.
const { afterAll, beforeAll, describe, expect, it } = require('@jest/globals');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { extractReport } = require('./api-report/extract');
const { checkReport, classify, withVersion } = require('./api-report/compare');

const report = (...lines) => ['## API Report File for "@wms/fixture-kit"', '', '```ts', '', ...lines, '', '```', ''].join('\n');
const v120 = withVersion(
  report(
    '// @public',
    'export function formatQuantity(value: string, options?: Options): string;',
    '',
    '// @public',
    'export interface Options {',
    '    label: string;',
    '}',
  ),
  '1.2.0',
);

describe('the rule (fixture reports)', () => {
  it('unchanged: passes whatever the version', () => {
    expect(checkReport({ checkedIn: v120, fresh: v120, version: '1.2.0' })).toMatchObject({ ok: true, change: 'none' });
  });

  it('an added export is a minor change: fails at 1.2.0 and 1.2.1, passes from 1.3.0', () => {
    const fresh = v120.replace('```\n', '// @public\nexport const MAX_QUANTITY = 1000;\n```\n');
    expect(classify(v120, fresh)).toMatchObject({ change: 'minor', removed: [] });
    expect(classify(v120, fresh).added.sort()).toEqual(['// @public', 'export const MAX_QUANTITY = 1000;']);
    expect(checkReport({ checkedIn: v120, fresh, version: '1.2.0' })).toMatchObject({ ok: false, needed: '1.3.0' });
    expect(checkReport({ checkedIn: v120, fresh, version: '1.2.1' }).ok).toBe(false);
    expect(checkReport({ checkedIn: v120, fresh, version: '1.3.0' }).ok).toBe(true);
  });

  it('a removed or changed export is a major change: a minor bump is not enough', () => {
    const changed = v120.replace('options?: Options', 'options: Options');
    expect(classify(v120, changed).change).toBe('major');
    expect(checkReport({ checkedIn: v120, fresh: changed, version: '1.3.0' })).toMatchObject({ ok: false, needed: '2.0.0' });
    expect(checkReport({ checkedIn: v120, fresh: changed, version: '2.0.0' }).ok).toBe(true);
    const removed = v120.replace('    label: string;\n', '');
    expect(checkReport({ checkedIn: v120, fresh: removed, version: '1.9.0' }).ok).toBe(false);
  });

  it('a report without a recorded version, or none at all, fails', () => {
    expect(checkReport({ checkedIn: report(), fresh: report(), version: '1.0.0' }).ok).toBe(false);
    expect(checkReport({ checkedIn: null, fresh: report(), version: '1.0.0' }).ok).toBe(false);
  });
});

describe('API Extractor on a fixture kit', () => {
  const kit = path.join(__dirname, 'api-report', 'fixture-kit');
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-kit-'));
    fs.cpSync(kit, dir, { recursive: true });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a new export in the .d.ts without a version bump fails the check; the next minor passes', () => {
    const before = withVersion(extractReport({ packageDir: dir, entry: 'index.d.ts', reportName: 'fixture-kit' }), '1.2.0');
    expect(before).toContain('export function formatQuantity(value: string, options?: Options): string;');

    fs.appendFileSync(path.join(dir, 'index.d.ts'), 'export declare const MAX_QUANTITY = 1000;\n');
    const after = extractReport({ packageDir: dir, entry: 'index.d.ts', reportName: 'fixture-kit' });
    const refused = checkReport({ checkedIn: before, fresh: after, version: '1.2.0' });
    expect(refused).toMatchObject({ ok: false, change: 'minor', needed: '1.3.0' });
    expect(refused.reason).toMatch(/must be at least 1\.3\.0/);
    expect(checkReport({ checkedIn: before, fresh: after, version: '1.3.0' }).ok).toBe(true);
  });
});
