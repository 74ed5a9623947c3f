import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('is dd/MM/yyyy HH:mm in local time, empty without a date', () => {
    const d = new Date(2025, 2, 4, 9, 5);
    expect(formatDateTime(d.toISOString())).toBe('04/03/2025 09:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
});
