import { api, type Price, type PriceBody, type PriceCounts, type PriceInForce } from '@wms/shared-api';

/** The price calls of SPEC §7, typed. Failures are the API client's ApiError: callers word them (§8) with failureText. */
export const PRICES_PATH = '/prices';

export async function fetchPrice(id: number | string, signal?: AbortSignal): Promise<Price> {
  return (await api.get<Price>(`${PRICES_PATH}/${id}`, { signal })).data;
}

export async function fetchPriceCounts(q: string, signal?: AbortSignal): Promise<PriceCounts> {
  return (await api.get<PriceCounts>(`${PRICES_PATH}/counts`, { params: q ? { q } : {}, signal })).data;
}

export async function savePrice(id: number | null, body: PriceBody): Promise<Price> {
  return id === null ? (await api.post<Price>(PRICES_PATH, body)).data : (await api.put<Price>(`${PRICES_PATH}/${id}`, body)).data;
}

export async function deletePrice(id: number): Promise<void> {
  await api.delete(`${PRICES_PATH}/${id}`);
}

/** The price in force for a product and supplier on a day ('yyyy-MM-dd'), or null. */
export async function fetchPriceInForce(productId: number, supplierId: number, day: string): Promise<PriceInForce | null> {
  return (
    await api.get<PriceInForce | null>(`${PRICES_PATH}/in-force`, { params: { product_id: productId, supplier_id: supplierId, date: day } })
  ).data;
}

/** A product's live prices, every supplier's, newest first. */
export async function fetchProductPrices(productId: number): Promise<Price[]> {
  return (await api.get<Price[]>(`${PRICES_PATH}/product/${productId}`)).data;
}
