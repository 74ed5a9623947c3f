// Issue 22: every list + form pair stays under 600 lines (see screen-size.js for what a pair counts).
const { measureAll, LIMIT, PAIRS } = require('./screen-size');
const { describe, expect, it } = require('@jest/globals');

describe('list + form pairs', () => {
  const results = measureAll();

  it('measures every declared pair from its two entry pages', () => {
    expect(results).toHaveLength(PAIRS.length);
    for (const r of results) expect(r.files.length).toBeGreaterThanOrEqual(2);
  });

  it.each(results.map((r) => [r.pair, r]))(`%s stays within ${LIMIT} lines`, (_pair, r) => {
    const detail = r.files.map((f) => `${f.lines} ${f.file}`).join('\n');
    expect({ lines: r.lines, detail }).toEqual({ lines: Math.min(r.lines, LIMIT), detail });
  });
});
