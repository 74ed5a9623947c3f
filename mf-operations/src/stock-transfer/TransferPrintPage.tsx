import { useTranslation } from 'react-i18next';
import { useParams } from '@wms/shared-ui/router';
import { addressLine, gs1Text, type Company, type Transfer, type Warehouse } from '@wms/shared-api';
import {
  CompanyHeader,
  displayDay,
  fetchCompany,
  formatKind,
  formatQuantity,
  formatUnit,
  PrintToolbar,
  routeRecordId,
  useDocumentTitle,
  useLoad,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { Gs1Barcode } from '../goods-receipt/Barcode';
import { fetchTransfer, fetchWarehouse } from './api';
import { isVoidTransfer, LoadedTransfer, TRANSFERS_URL } from './status';
import '../purchase-orders/print.css';
import './print.css';

/**
 * /operazioni/trasferimenti/{id}/stampa: the transport note (DDT) of a transfer, A4: the company's header (CompanyHeader,
 * logo included), DDT number and date, sending and receiving sites with their addresses, the reason of transport
 * ("trasferimento tra magazzini"), lines with batch, expiry and quantity, and a GS1-128 code per line as on the receipt
 * labels; packages, gross weight, carrier, notes and the three signature boxes. The print CSS hides the portal around it.
 * A void transfer (a discarded draft, a reversed shipment: no goods travel) is not offered for print, but its address may
 * still be opened: its note then says, on screen and on paper (a banner under the head, a mark across every page), that
 * it is not valid.
 */
export function TransferPrintPage() {
  const { id } = useParams();
  const load = useLoad(async () => {
    const tr = await fetchTransfer(routeRecordId(id));
    const [company, from, to] = await Promise.all([
      fetchCompany(),
      fetchWarehouse(tr.from_warehouse_id),
      fetchWarehouse(tr.to_warehouse_id),
    ]);
    return { tr, company, from, to };
  }, [id]);
  return <LoadedTransfer load={load}>{(v) => <TransportNote {...v} />}</LoadedTransfer>;
}

function Site({ label, name, site, testId }: { label: string; name: string; site: Warehouse | null; testId: string }) {
  const address = site ? addressLine(site) : '';
  return (
    <section className="ddt-site" data-testid={testId}>
      <h2>{label}</h2>
      <p>
        <strong>{name}</strong>
      </p>
      {address ? <p>{address}</p> : null}
    </section>
  );
}

function TransportNote({ tr, company, from, to }: { tr: Transfer; company: Company; from: Warehouse | null; to: Warehouse | null }) {
  const { t } = useTranslation(NS);
  const p = (k: string) => t(`stockTransfer.printView.${k}`);
  // The note's number: the company's DDT prefix on the transfer's own sequence number (TR-2026-00042 → DDT-2026-00042).
  const ddtNumber = tr.number.replace(/^TR-/, `${company.ddt_prefix}-`);
  const day = tr.shipped_at ? tr.shipped_at.slice(0, 10) : tr.transfer_date;
  // Nor is a draft's: the goods have not left yet (its note is printed once shipped).
  const voided = isVoidTransfer(tr.status) || tr.status === 'draft' ? tr.status : null;
  const mark = voided ? p(`void.${voided}`) : null;
  useDocumentTitle([p('title'), ddtNumber, mark].filter(Boolean).join(' '));
  return (
    <div className="po-print ddt-print" data-testid="transfer-print">
      <PrintToolbar backTo={`${TRANSFERS_URL}/${tr.id}`} backLabel={p('back')} printLabel={p('print')} />
      <article className="po-sheet ddt-sheet">
        <header className="po-head">
          <CompanyHeader company={company} />
          <div className="po-doc">
            <h1>{p('title')}</h1>
            <p>
              {p('ddt')} <strong data-testid="ddt-number">{ddtNumber}</strong>
            </p>
            <p>
              {t('labelled', { label: p('date') })} <span data-testid="ddt-date">{displayDay(day)}</span>
            </p>
          </div>
        </header>
        {mark ? (
          <>
            <p className="ddt-void" data-testid="ddt-void">
              <strong>{mark}</strong> {p(`void.${voided}Why`)}
            </p>
            <div className="ddt-void-mark" aria-hidden="true">
              {mark}
            </div>
          </>
        ) : null}
        <div className="ddt-sites">
          <Site label={p('sender')} name={tr.from_warehouse_name} site={from} testId="ddt-sender" />
          <Site label={p('destination')} name={tr.to_warehouse_name} site={to} testId="ddt-destination" />
        </div>
        <p className="ddt-reason">
          {t('labelled', { label: p('reasonLabel') })} <strong data-testid="ddt-reason">{p('reasonText')}</strong>
        </p>
        <table className="po-lines ddt-lines">
          <thead>
            <tr>
              <th>{p('code')}</th>
              <th>{p('description')}</th>
              <th>{p('batch')}</th>
              <th>{p('expiry')}</th>
              <th>{p('unit')}</th>
              <th className="num">{p('quantity')}</th>
            </tr>
          </thead>
          {/* Each line with its GS1-128 on a row of its own, the table's width: printed at 0.3 mm a bar, it scans off the page. */}
          {tr.lines.map((l) => (
            <tbody key={l.id} className="ddt-line">
              <tr>
                <td className="code">{l.product_code}</td>
                <td>{l.product_description}</td>
                <td>{l.batch_number ?? '—'}</td>
                <td>{l.expiry_date ? displayDay(l.expiry_date) : '—'}</td>
                <td>{formatUnit(l.unit_of_measure)}</td>
                <td className="num nowrap">{formatKind(l.quantity, 'quantity')}</td>
              </tr>
              <tr className="ddt-code">
                <td colSpan={6}>
                  <Gs1Barcode
                    text={gs1Text({
                      productCode: l.product_code,
                      batch: l.batch_number,
                      productionDate: l.production_date,
                      expiryDate: l.expiry_date,
                      quantity: l.quantity,
                      unit: l.unit_of_measure,
                    })}
                    errorText={(e) => e}
                    moduleMm={0.3}
                  />
                </td>
              </tr>
            </tbody>
          ))}
        </table>
        <dl className="ddt-transport">
          <div>
            <dt>{p('packages')}</dt>
            <dd data-testid="ddt-packages">{tr.packages ?? '—'}</dd>
          </div>
          <div>
            <dt>{p('weight')}</dt>
            <dd data-testid="ddt-weight">{tr.gross_weight ? formatQuantity(tr.gross_weight, 'kg') : '—'}</dd>
          </div>
          <div>
            <dt>{p('carrier')}</dt>
            <dd data-testid="ddt-carrier">{tr.carrier ?? '—'}</dd>
          </div>
        </dl>
        {tr.notes ? (
          <p className="po-notes">
            {t('labelled', { label: p('notes') })} {tr.notes}
          </p>
        ) : null}
        <div className="ddt-signatures">
          {(['signSender', 'signCarrier', 'signRecipient'] as const).map((k) => (
            <div className="ddt-signature" key={k}>
              {p(k)}
            </div>
          ))}
        </div>
      </article>
    </div>
  );
}
