import { useTranslation } from 'react-i18next';
import { useParams } from '@wms/shared-ui/router';
import { addressLine, type Party, type PurchaseOrder } from '@wms/shared-api';
import {
  CompanyHeader,
  displayDay,
  failureText,
  formatKind,
  formatUnit,
  formatUnitPrice,
  Loaded,
  PrintToolbar,
  routeRecordId,
  totalsText,
  useDocumentTitle,
  useLoad,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchOrder, fetchOrderSupplier } from './api';
import { orderTotals } from './PurchaseOrderListPage';
import { ORDERS_LIST as LIST_URL } from './paths';
import './print.css';

/**
 * /operazioni/ordini-fornitori/{id}/stampa: one order as an A4 document to send to the supplier: the company's header
 * (CompanyHeader: name, address, VAT number, logo from /company), the supplier with its address and VAT number, dates,
 * lines, totals. The print CSS hides the portal around it; the browser's print prints it.
 */
export function PurchaseOrderPrintPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const load = useLoad(async () => {
    const order = await fetchOrder(routeRecordId(id));
    return { order, supplier: await fetchOrderSupplier(order.supplier_id) };
  }, [id]);
  return (
    <Loaded
      load={load}
      failedText={(e) => failureText(e, `${NS}:purchaseOrders.feedback.fetchOrderFailed`)}
      notFound={{ title: t('purchaseOrders.feedback.notFound'), backTo: LIST_URL, backLabel: t('purchaseOrders.title') }}
    >
      {({ order, supplier }) => <OrderSheet order={order} supplier={supplier} />}
    </Loaded>
  );
}

function OrderSheet({ order, supplier }: { order: PurchaseOrder; supplier: Party | null }) {
  const { t } = useTranslation(NS);
  const p = (k: string) => t(`purchaseOrders.printView.${k}`);
  useDocumentTitle(`${p('title')} ${order.order_number}`);
  const done = order.status === 'fullyReceived';
  return (
    <div className="po-print" data-testid="order-print">
      {/* Received in full, the order is read here (its form sends it here): back to the list, not to a form. */}
      {done ? (
        <p className="notice no-print" role="status" data-testid="order-received-in-full">
          {p('receivedInFull')}
        </p>
      ) : null}
      <PrintToolbar
        backTo={done ? LIST_URL : `${LIST_URL}/${order.id}`}
        backLabel={p(done ? 'backToList' : 'back')}
        printLabel={p('print')}
      />
      <article className="po-sheet">
        <header className="po-head">
          <CompanyHeader />
          <div className="po-doc">
            <h1>{p('title')}</h1>
            <p>
              {t('labelled', { label: p('number') })} <strong data-testid="print-number">{order.order_number}</strong>
            </p>
            <p>
              {t('labelled', { label: p('date') })} {displayDay(order.order_date)}
            </p>
          </div>
        </header>
        <section className="po-supplier">
          <p>{p('to')}</p>
          <p data-testid="print-supplier">
            <strong>{order.supplier_name}</strong>
          </p>
          {supplier ? (
            <>
              <p data-testid="print-supplier-address">{addressLine(supplier)}</p>
              <p data-testid="print-supplier-vat">{`${p('vat')} ${supplier.vat_number}`}</p>
            </>
          ) : null}
          <p>
            {t('labelled', { label: p('requested') })} {displayDay(order.requested_arrival_date)}
            {order.confirmed_arrival_date
              ? ` · ${t('labelled', { label: p('confirmed') })} ${displayDay(order.confirmed_arrival_date)}`
              : ''}
          </p>
        </section>
        <table className="po-lines">
          <thead>
            <tr>
              <th>{p('code')}</th>
              <th>{p('description')}</th>
              <th>{p('unit')}</th>
              <th className="num">{t('purchaseOrders.fields.quantity')}</th>
              <th className="num">{t('purchaseOrders.fields.unit_price')}</th>
              <th className="num">{t('purchaseOrders.fields.total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((i) => (
              <tr key={i.id}>
                <td className="code">{i.product_code}</td>
                <td>{i.product_name}</td>
                {/* The unit by its label in the reader's language ("pz"), never the code "piece": the supplier reads this. */}
                <td data-testid={`print-unit-${i.id}`}>{formatUnit(i.unit_of_measure)}</td>
                <td className="num">{formatKind(i.quantity, 'quantity')}</td>
                <td className="num">{formatUnitPrice(i.unit_price, i.currency)}</td>
                <td className="num">{formatUnitPrice(i.total, i.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5} className="num">
                {t('purchaseOrders.fields.orderTotal')}
              </td>
              <td className="num" data-testid="print-total">
                <strong>{totalsText(orderTotals(order))}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
        {order.notes ? <p className="po-notes">{order.notes}</p> : null}
      </article>
    </div>
  );
}
