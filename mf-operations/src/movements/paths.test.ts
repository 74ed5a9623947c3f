import { documentUrl } from './paths';

// A movement made by a document opens that document (the list's "Documento n."), only for a role that may open it.
it.each([
  ['PO', 'warehouse', '/operazioni/ricezione-merce/4'],
  ['SO', 'sales', '/operazioni/vendite/4'],
  ['SO', 'warehouse', null],
  ['TR', 'warehouse', '/operazioni/trasferimenti/4'],
  ['TR', 'sales', null],
  ['INV', 'warehouse', '/report/inventario/4'],
  ['INV', 'orders', null],
  ['MAN', 'admin', null],
] as const)('a %s movement, for %s: %s', (type, role, url) => {
  expect(documentUrl({ type, id: 4, number: 'X' }, role)).toBe(url);
});

it('a document without an id links nowhere', () => {
  expect(documentUrl({ type: 'PO', id: null, number: 'PO-1' }, 'admin')).toBeNull();
});
