import { companyDay } from './company-day';
import { daysToExpiry, expiryState, firstSellable, isBatchExpired, isExpiringWithin, sortFefo } from './batch-expiry';

describe('the one "expired" rule: good through the end of its expiry day, Europe/Rome', () => {
  it('winter (UTC+1): expired from 23:00 UTC of the expiry day', () => {
    expect(isBatchExpired('2025-03-10', new Date('2025-03-10T22:59:59Z'))).toBe(false);
    expect(isBatchExpired('2025-03-10', new Date('2025-03-10T23:00:00Z'))).toBe(true);
  });

  it('summer (UTC+2): expired from 22:00 UTC of the expiry day', () => {
    expect(isBatchExpired('2025-07-10', new Date('2025-07-10T21:59:59Z'))).toBe(false);
    expect(isBatchExpired('2025-07-10', new Date('2025-07-10T22:00:00Z'))).toBe(true);
  });

  it("the company day is Rome's, whatever the machine's zone", () => {
    expect(companyDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(companyDay(new Date('2025-06-01T21:59:00Z'))).toBe('2025-06-01');
  });

  it('no expiry date never expires; a timestamp is cut to its day', () => {
    expect(isBatchExpired(null)).toBe(false);
    expect(isBatchExpired(undefined)).toBe(false);
    expect(isBatchExpired('2025-03-10T00:00:00.000Z', new Date('2025-03-10T12:00:00Z'))).toBe(false);
  });

  it('expiring within N days: today counts, expired does not', () => {
    const now = new Date('2025-03-10T10:00:00Z');
    expect(daysToExpiry('2025-03-10', now)).toBe(0);
    expect(isExpiringWithin('2025-03-10', 30, now)).toBe(true);
    expect(isExpiringWithin('2025-04-09', 30, now)).toBe(true);
    expect(isExpiringWithin('2025-04-10', 30, now)).toBe(false);
    expect(isExpiringWithin('2025-03-09', 30, now)).toBe(false);
    expect(isExpiringWithin(null, 30, now)).toBe(false);
    expect(expiryState('2025-03-09', now)).toBe('expired');
    expect(expiryState('2025-03-20', now)).toBe('expiring');
    expect(expiryState('2026-03-20', now)).toBe('good');
    expect(expiryState(null, now)).toBe('none');
  });
});

describe('FEFO', () => {
  const rows = [
    { batch_number: 'NONE', expiry_date: null, received_at: '2024-01-01' },
    { batch_number: 'LATE', expiry_date: '2025-09-01', received_at: '2025-01-01' },
    { batch_number: 'SOON-NEW', expiry_date: '2025-05-01', received_at: '2025-02-01' },
    { batch_number: 'SOON-OLD', expiry_date: '2025-05-01', received_at: '2025-01-05' },
    { batch_number: 'EXPIRED', expiry_date: '2025-03-01', received_at: '2024-12-01' },
  ];

  it('earliest expiry first, then oldest receipt; no expiry last', () => {
    expect(sortFefo(rows).map((r) => r.batch_number)).toEqual(['EXPIRED', 'SOON-OLD', 'SOON-NEW', 'LATE', 'NONE']);
  });

  it('the first non-expired batch is the one to preselect', () => {
    expect(firstSellable(sortFefo(rows), new Date('2025-03-10T10:00:00Z'))?.batch_number).toBe('SOON-OLD');
    expect(firstSellable([rows[4]], new Date('2025-03-10T10:00:00Z'))).toBeUndefined();
  });
});
