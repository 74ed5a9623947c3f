import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import { gs1Text, type ReceiptDocument } from '@wms/shared-api';
import {
  CompanyHeader,
  displayDay,
  formatQuantity,
  Loaded,
  PageHeader,
  routeRecordId,
  useCompany,
  useCompanyLogo,
  useLoad,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchReceipt } from './api';
import { Gs1Barcode } from './Barcode';
import { RECEIPT_LIST_URL, receiptOrderUrl } from './paths';
import './labels.css';

interface Label {
  key: string;
  code: string;
  description: string;
  batch: string | null;
  /** Exact decimal string ('12.500'). */
  quantity: string;
  /** Unit code ('piece'): printed by its label ('pz' / 'pce'), never as the code. */
  unit: string | null;
  expiry: string | null;
  production: string | null;
}

/** One label per batch, or per line without batches. */
export function labelsOf(r: ReceiptDocument): Label[] {
  return r.lines.flatMap((l) => {
    const base = { code: l.product_code, description: l.product_description, unit: l.unit_of_measure };
    if (l.batches.length === 0) return [{ ...base, key: `${l.id}`, batch: null, quantity: l.quantity, expiry: null, production: null }];
    return l.batches.map((b, j) => ({
      ...base,
      key: `${l.id}-${j}`,
      batch: b.batch_number || null,
      quantity: b.quantity,
      expiry: b.expiry_date,
      production: b.production_date,
    }));
  });
}

/** Receipt labels (SPEC §9: A4 half page per batch): two per A4 sheet, GS1-128 barcode, printed without the portal around. */
export function LabelsPage() {
  const { t } = useTranslation(NS);
  const { receiptId } = useParams();
  const load = useLoad(() => fetchReceipt(routeRecordId(receiptId)), [receiptId]);
  return (
    <Loaded load={load} failedText={() => t('goodsReceipt.loadError')} notFound={{ backTo: RECEIPT_LIST_URL }}>
      {(receipt) => <Labels receipt={receipt} />}
    </Loaded>
  );
}

function Labels({ receipt }: { receipt: ReceiptDocument }) {
  const { t } = useTranslation(NS);
  // The company's header on every label (issue 26), loaded once for the page with its logo.
  const company = useCompany();
  const companyRow = company.status === 'ready' ? company.value : null;
  const logo = useCompanyLogo(companyRow);
  // A reversed receipt's goods went back: nothing left to label (the address may still be opened from a bookmark).
  const labels = receipt.reversed ? [] : labelsOf(receipt);
  const sheets: Label[][] = [];
  for (let i = 0; i < labels.length; i += 2) sheets.push(labels.slice(i, i + 2));
  const L = (k: string) => t(`goodsReceipt.labels.${k}`);
  return (
    <section className="screen gr-labels-screen" data-testid="labels-page">
      <div className="gr-no-print">
        <PageHeader
          title={`${t('goodsReceipt.labelsTitle')} — ${L('ddt')} ${receipt.document_number}`}
          subtitle={L('hint')}
          actions={
            <>
              <Link className="btn" to={receiptOrderUrl(receipt.order_id)}>
                {`${t('goodsReceipt.fields.orderNumber')} ${receipt.order_number}`}
              </Link>
              {receipt.reversed ? null : (
                <button type="button" className="btn btn-primary btn-large" onClick={() => window.print()} data-testid="print-now">
                  {t('goodsReceipt.actions.printNow')}
                </button>
              )}
            </>
          }
        />
        {receipt.reversed ? (
          <p className="notice" role="status" data-testid="labels-reversed">
            {L('reversed')}
          </p>
        ) : null}
      </div>
      <div className="gr-sheets">
        {sheets.map((sheet, s) => (
          <div className="gr-sheet" key={s}>
            {sheet.map((l) => (
              <article className="gr-label" key={l.key} data-testid="label">
                <header>
                  {companyRow ? <CompanyHeader company={companyRow} logo={logo} /> : null}
                  <div className="gr-label-code">{l.code}</div>
                  <div className="gr-label-desc">{l.description}</div>
                </header>
                <dl>
                  {(
                    [
                      ['batch', l.batch, 'label-batch'],
                      ['quantity', formatQuantity(l.quantity, l.unit), 'label-quantity'],
                      ['expiry', l.expiry && displayDay(l.expiry), 'label-expiry'],
                      ['production', l.production && displayDay(l.production)],
                      ['supplier', receipt.supplier_name ?? '—'],
                      ['order', receipt.order_number],
                      ['ddt', `${receipt.document_number} · ${displayDay(receipt.document_date)}`],
                    ] as Array<[string, string | null, string?]>
                  ).map(([k, value, testId]) =>
                    value ? (
                      <Fragment key={k}>
                        <dt>{L(k)}</dt>
                        <dd className={k === 'batch' || k === 'quantity' ? 'gr-label-big' : undefined} data-testid={testId}>
                          {value}
                        </dd>
                      </Fragment>
                    ) : null,
                  )}
                </dl>
                <Gs1Barcode
                  text={gs1Text({
                    productCode: l.code,
                    batch: l.batch,
                    productionDate: l.production,
                    expiryDate: l.expiry,
                    quantity: l.quantity,
                    unit: l.unit,
                  })}
                  errorText={(e) => t('goodsReceipt.labels.barcodeError', { error: e })}
                />
              </article>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
