import { saleMessages } from '@wms/shared-api';
import type { Bilingual } from '../http/errors';

/** The server's sale refusals: the very sentences of the sale form (shared-api saleMessages), as bilingual messages. */
function bilingual(key: keyof (typeof saleMessages)['it']): Bilingual {
  return { it: saleMessages.it[key], fr: saleMessages.fr[key] };
}

export const salesMessages = {
  aboveAvailability: bilingual('aboveAvailability'),
  batchExpired: bilingual('batchExpired'),
  productUnavailable: bilingual('productUnavailable'),
  customerUnavailable: bilingual('customerUnavailable'),
  alreadyCancelled: bilingual('alreadyCancelled'),
  notFound: bilingual('notFound'),
  success: bilingual('success'),
  editSuccess: bilingual('editSuccess'),
  cancelSuccess: bilingual('cancelSuccess'),
} satisfies Record<string, Bilingual>;
