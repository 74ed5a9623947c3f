/** The parts of a postal address as suppliers, customers, the company and warehouses name them (issue 26). */
export interface AddressParts {
  address?: string | null;
  zip_code?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
}

/** One line of an address for a print: "Via Roma 1, 25100 Brescia (BS), Italia" (blank parts left out). */
export function addressLine(a: AddressParts): string {
  const place = `${[a.zip_code, a.city].filter((p) => p && p.trim()).join(' ')}${a.province ? ` (${a.province})` : ''}`.trim();
  return [a.address, place, a.country].filter((p): p is string => !!p && p.trim() !== '').join(', ');
}
