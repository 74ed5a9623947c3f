import { fieldMessages } from '../validation/issues';
import { registerValidationMessages, validationMessage, validationMessages } from '../validation/messages';
import { goodsReceiptSchema, receiptItemProblems, receiptValidationMessages } from './goods-receipt';
import { movementSchema, movementValidationMessages } from './movement';
import { saleValidationMessages } from '../validation/sale-messages';
import { saleSchema, saleStockProblems } from './sale';

/** The movement, sale and receipt rules are worded once, in the one validation table the forms and the server read. */

describe('one table of rule words', () => {
  it.each([
    ['movement', movementValidationMessages],
    ['sale', saleValidationMessages],
    ['goods receipt', receiptValidationMessages],
  ])('every %s key is registered, in both languages, with its own words', (_name, table) => {
    for (const lang of ['it', 'fr'] as const) {
      for (const [key, words] of Object.entries<string>(table[lang])) expect([key, validationMessages[lang][key]]).toEqual([key, words]);
    }
  });

  it('a rule cannot get a second wording', () => {
    expect(() =>
      registerValidationMessages({
        it: { batchRequired: 'Altre parole' },
        fr: { batchRequired: 'Le lot est obligatoire pour ce produit' },
      }),
    ).toThrow(/two wordings/);
  });

  it('one rule, one sentence: the batch of a product, its dates, quantities', () => {
    expect(saleStockProblems({ quantity: '1', batch_number: null }, { has_batch: true }, null).batch_number.key).toBe('batchRequired');
    const receipt = receiptItemProblems(
      { quantity: '1', batches: [{ batch_number: 'L', quantity: '1', production_date: null, expiry_date: null }] },
      { has_batches: true, has_expiry: true, has_production_date: false },
    );
    // The receipt's expiry rule is the movement's: the same words.
    expect(validationMessage('it', receipt['batches.0.expiry_date'].key)).toBe('La data di scadenza è obbligatoria per questo prodotto');
    const move = movementSchema.safeParse({
      movement_type: 'C',
      movement_date: '01/03/2025',
      product_id: 1,
      warehouse_id: 1,
      quantity: 1.0001,
    });
    const receive = goodsReceiptSchema.safeParse({
      document_number: 'D1',
      document_date: '01/03/2025',
      order_id: 1,
      items: [{ order_item_id: 1, quantity: 1.0001, warehouse_id: 1 }],
    });
    expect(fieldMessages(move.error!, 'it').quantity).toBe('Al massimo 3 decimali');
    expect(fieldMessages(receive.error!, 'it')['items.0.quantity']).toBe('Al massimo 3 decimali');
  });

  it("the sale and receipt bodies are worded by the shared validator (the server's 400 says the same)", () => {
    const sale = saleSchema.safeParse({ product_id: '', warehouse_id: 'x', quantity: 0.5, customer_id: 3, batch_number: 'a\u0001' });
    expect(fieldMessages(sale.error!, 'fr')).toEqual({
      product_id: 'Champ obligatoire',
      warehouse_id: 'Valeur non valide',
      quantity: 'Quantité non valide : minimum 1, 3 décimales au maximum',
      batch_number: 'Le texte contient des caractères non autorisés (caractères de contrôle)',
    });
    const header = goodsReceiptSchema.safeParse({ document_number: ' ', document_date: '31/02/2025', order_id: 1, items: [] });
    expect(fieldMessages(header.error!, 'it')).toEqual({
      document_number: 'Il numero del documento di trasporto (DDT) è obbligatorio',
      document_date: 'Data non valida: usa il formato gg/mm/aaaa',
    });
    const lines = goodsReceiptSchema.safeParse({
      document_number: 'D1',
      document_date: '01/03/2025',
      order_id: 1,
      items: [{ order_item_id: 1, quantity: 2, warehouse_id: 1, batches: [{ batch_number: 'A', quantity: 1.5 }] }],
    });
    expect(fieldMessages(lines.error!, 'it')).toEqual({
      'items.0.batches': 'La somma dei lotti (1,5) deve essere uguale alla quantità ricevuta (2)',
    });
  });
});
