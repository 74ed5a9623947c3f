import { displayDay, parseDayInput } from './day';

// Italian and French users both write dd/MM/yyyy; the table is the same for either language, whatever the browser's.
describe.each(['it', 'fr'])('parseDayInput as typed in %s', () => {
  it.each([
    ['', ''],
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    [' 05/03/2026 ', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05032026', '2026-03-05'],
    ['29/02/2028', '2028-02-29'],
    ['31/12/2026', '2026-12-31'],
    ['01/01/1900', '1900-01-01'],
    ['2026-03-05', '2026-03-05'],
  ])('%j → %j', (typed, iso) => {
    expect(parseDayInput(typed)).toEqual({ ok: true, value: iso });
  });

  it.each([
    '31/02/2026',
    '29/02/2026',
    '00/01/2026',
    '32/01/2026',
    '01/13/2026',
    '01/00/2026',
    '12/31/2026',
    '1/1/26',
    '05/03/20266',
    'oggi',
    '2026-02-31',
    '01/01/1899',
    '5 marzo 2026',
  ])('%j is not a day', (typed) => {
    expect(parseDayInput(typed)).toEqual({ ok: false, problem: 'invalidDate' });
  });
});

describe('displayDay', () => {
  it.each([
    ['2026-03-05', '05/03/2026'],
    ['2026-03-05T10:00:00.000Z', '05/03/2026'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (iso, shown) => {
    expect(displayDay(iso)).toBe(shown);
  });
});

describe('today()', () => {
  afterEach(() => jest.useRealTimers());

  it('is the company day (Europe/Rome), not the browser day nor the UTC day', () => {
    const { today } = jest.requireActual<typeof import('./day')>('./day');
    // 23:30 UTC on 4 March 2026 is already 00:30 on 5 March in Rome.
    jest.useFakeTimers({ now: new Date('2026-03-04T23:30:00Z') });
    expect(today()).toBe('2026-03-05');
    jest.useFakeTimers({ now: new Date('2026-07-31T21:59:00Z') });
    expect(today()).toBe('2026-07-31');
    jest.useFakeTimers({ now: new Date('2026-07-31T22:00:00Z') });
    expect(today()).toBe('2026-08-01');
  });
});
