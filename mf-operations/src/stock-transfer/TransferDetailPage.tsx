import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import { can, type Transfer, type TransferLine } from '@wms/shared-api';
import {
  DataTable,
  displayDay,
  Facts,
  failureText,
  formatDate,
  formatQuantity,
  PageHeader,
  quantityColumn,
  routeRecordId,
  useAction,
  useIdempotencyKey,
  useLoad,
  useSession,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchTransfer, transferAction, type TransferAction } from './api';
import { LoadedTransfer, offersTransportNote, TRANSFERS_URL, TransferStatusBadge } from './status';
import './transfers.css';

/** /operazioni/trasferimenti/{id}: the transfer, and what can be done with it now (ship, one step, cancel, receive, reverse). */
export function TransferDetailPage() {
  const { id } = useParams();
  const load = useLoad(() => fetchTransfer(routeRecordId(id)), [id]);
  return <LoadedTransfer load={load}>{(tr) => <TransferSheet initial={tr} />}</LoadedTransfer>;
}

function TransferSheet({ initial }: { initial: Transfer }) {
  const { t } = useTranslation(NS);
  const [tr, setTr] = useState(initial);
  const { act, busy, dialog } = useAction();
  const { user } = useSession();
  const canWrite = can(user?.role, 'transfers');
  // One key per action on this page: a double click or a retry does it once; a new action gets a new key.
  const key = useIdempotencyKey();
  const d = (k: string, o?: Record<string, unknown>) => t(`stockTransfer.detail.${k}`, o);
  const names = { from: tr.from_warehouse_name, to: tr.to_warehouse_name, number: tr.number };

  /** One step of the transfer (the kit's useAction: asked first, the page busy meanwhile, the outcome as a toast). */
  const run = (action: TransferAction, body: { receive?: boolean }, confirmKey: string, done: string, tone?: 'danger') =>
    act({
      ask: {
        title: d(`${confirmKey}Title`),
        message: d(confirmKey, names),
        tone,
        confirmLabel: d(action === 'ship' && body.receive ? 'shipAndReceive' : action),
      },
      run: async () => {
        setTr(await transferAction(tr.id, action, body, key.key()));
        key.done();
      },
      success: () => t(`stockTransfer.feedback.${done}`),
      failure: (err) => failureText(err, `${NS}:stockTransfer.feedback.actionFailed`),
    });

  const columns: Column<TransferLine>[] = [
    {
      id: 'product',
      header: t('stockTransfer.fields.product'),
      sortable: false,
      render: (l) => (
        <>
          <span className="code">{l.product_code}</span> {l.product_description}
        </>
      ),
    },
    {
      id: 'batch',
      header: t('stockTransfer.fields.batch'),
      sortable: false,
      value: (l) => `${l.batch_number ?? '—'}${l.expiry_date ? ` · ${displayDay(l.expiry_date)}` : ''}`,
    },
    quantityColumn(
      'shipped',
      d('shipped'),
      (l) => l.quantity,
      (l) => l.unit_of_measure,
      { sortable: false },
    ),
    {
      id: 'received',
      header: d('received'),
      align: 'end',
      nowrap: true,
      sortable: false,
      value: (l) => (l.received_quantity !== null ? formatQuantity(l.received_quantity, l.unit_of_measure) : '—'),
    },
    {
      id: 'reason',
      header: d('reasonColumn'),
      sortable: false,
      value: (l) => (l.shortfall_reason ? t(`stockTransfer.reason.${l.shortfall_reason}`) : ''),
    },
  ];

  return (
    <section className="screen transfer-detail" data-testid="transfer-detail">
      <PageHeader
        title={d('title', { number: tr.number })}
        subtitle={`${tr.from_warehouse_name} → ${tr.to_warehouse_name} · ${displayDay(tr.transfer_date)}`}
        actions={
          <>
            <Link className="btn" to={TRANSFERS_URL}>
              {t('stockTransfer.back')}
            </Link>
            {offersTransportNote(tr.status) ? (
              <Link className="btn" to={`${TRANSFERS_URL}/${tr.id}/stampa`} data-testid="print-transfer">
                {t('stockTransfer.print')}
              </Link>
            ) : null}
          </>
        }
      />
      <p data-testid="transfer-status">
        <TransferStatusBadge status={tr.status} />
      </p>
      <Facts
        className="transfer-facts"
        facts={[
          {
            label: d('transport'),
            value: [
              tr.carrier,
              tr.packages !== null ? `${tr.packages} ${t('stockTransfer.fields.packages').toLowerCase()}` : null,
              tr.gross_weight ? formatQuantity(tr.gross_weight, 'kg') : null,
            ]
              .filter(Boolean)
              .join(' · '),
          },
          tr.shipped_at !== null && { label: d('shippedAt'), value: formatDate(tr.shipped_at) },
          tr.received_at !== null && { label: d('receivedAt'), value: formatDate(tr.received_at) },
          tr.notes !== null && tr.notes !== '' && { label: t('stockTransfer.fields.notes'), value: tr.notes },
        ]}
      />
      <DataTable<TransferLine>
        columns={columns}
        rows={tr.lines}
        rowKey={(l) => l.id}
        caption={d('linesCaption', { number: tr.number })}
        testId="transfer-lines-table"
      />
      {canWrite ? (
        <div className="form-actions transfer-actions">
          {tr.status === 'draft' ? (
            <>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => void run('ship', { receive: false }, 'confirmShip', 'shipped')}
                data-testid="ship"
              >
                {d('ship')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void run('ship', { receive: true }, 'confirmShipReceive', 'received')}
                data-testid="ship-receive"
              >
                {d('shipAndReceive')}
              </button>
              <Link className="btn" to={`${TRANSFERS_URL}/${tr.id}/modifica`} data-testid="edit-transfer">
                {t('stockTransfer.edit')}
              </Link>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => void run('cancel', {}, 'confirmCancel', 'cancelled', 'danger')}
                data-testid="cancel-transfer"
              >
                {d('cancel')}
              </button>
            </>
          ) : null}
          {tr.status === 'in_transit' ? (
            <>
              <Link className="btn btn-primary" to={`${TRANSFERS_URL}/${tr.id}/ricevi`} data-testid="receive">
                {d('receive')}
              </Link>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => void run('reverse', {}, 'confirmReverse', 'reversed', 'danger')}
                data-testid="reverse-transfer"
              >
                {d('reverse')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
