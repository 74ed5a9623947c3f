import { api } from '@wms/shared-api/core';
import type { BarcodeLookup } from '@wms/shared-api';

/** Resolves a scanned or typed code through the API: the product and what a GS1 string carries (issue 27). */
export async function lookupScan(code: string): Promise<BarcodeLookup> {
  return (await api.get<BarcodeLookup>(`/barcodes/${encodeURIComponent(code)}`)).data;
}
