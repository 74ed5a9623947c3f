import { formatDateTime, formatDetails } from './format';

describe('formatDetails', () => {
  it('turns a JSON object into "key: value" pairs, skipping empty values', () => {
    expect(formatDetails('{"username":"mario","role":"warehouse → orders","note":null,"n":2}')).toBe(
      'username: mario, role: warehouse → orders, n: 2',
    );
  });

  it('keeps nested values readable and plain text as written', () => {
    expect(formatDetails('{"ids":[1,2]}')).toBe('ids: [1,2]');
    expect(formatDetails('first start: admin created')).toBe('first start: admin created');
    expect(formatDetails('{not json')).toBe('{not json');
    expect(formatDetails(null)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('is dd/MM/yyyy HH:mm in local time, empty without a date', () => {
    const d = new Date(2025, 2, 4, 9, 5);
    expect(formatDateTime(d.toISOString())).toBe('04/03/2025 09:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
});
