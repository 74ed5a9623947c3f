import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@wms/shared-ui/router';
import {
  apiError,
  expiredReceiptBatches,
  receiptDraftBody,
  receiptDraftOf,
  receiptDraftPaths,
  receiptDraftSchema,
  receiptDraftWithScan,
  receiptLineLocked,
  receiptOfNote,
  type BarcodeLookup,
  type ReceiptDraft,
  type ReceiptDraftLine,
  type ReceiptOrder,
} from '@wms/shared-api';
import {
  DateField,
  displayDay,
  Facts,
  failureText,
  focusField,
  FormActions,
  ListError,
  ListMessage,
  Loaded,
  PageHeader,
  routeRecordId,
  savedRowState,
  ScanInput,
  TextField,
  today,
  useAction,
  useFormList,
  useIdempotencyKey,
  useLoad,
  useZodForm,
  type ConfirmOptions,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchReceiptOrder, receiveGoods, reverseReceipt, setItemCompleted } from './api';
import { BatchDialog } from './BatchDialog';
import { RECEIPT_LIST_URL } from './paths';
import { ReceiptHistoryPanel } from './ReceiptHistoryPanel';
import { ReceiptItemsTable } from './ReceiptItemsTable';
import { OrderStatusBadge } from '../shared/order-status';

/** /operazioni/ricezione-merce/{id} (SPEC §2 Goods receipt): the order, read through the kit's useLoad / Loaded. */
export function GoodsReceiptDetailPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const load = useLoad(() => fetchReceiptOrder(routeRecordId(id)), [id]);
  return (
    <Loaded
      load={load}
      failedText={() => t('goodsReceipt.loadError')}
      notFound={{ backTo: RECEIPT_LIST_URL, backLabel: t('goodsReceipt.back') }}
    >
      {(order) => <ReceiptSheet initial={order} />}
    </Loaded>
  );
}

/**
 * The order, the delivery note (DDT) number and date, the items to receive now, batches, mark-as-completed, summary and
 * history. The form is the kit's useZodForm on shared-api's receiptDraftSchema (the server's rules and words). One save
 * posts one delivery note — every item with a quantity, all or nothing — exactly once (one Idempotency-Key per save
 * action), then returns to the list, which says so (with the labels) and highlights the order while it is listed (one
 * received in full leaves the list: not searched for). Batches already expired on the receipt day are received only
 * after an explicit confirmation. A refusal shows in the form (its fields, its box), never also as a toast.
 */
function ReceiptSheet({ initial }: { initial: ReceiptOrder }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { act, busy, confirm, dialog } = useAction();
  const [order, setOrder] = useState(initial);
  // The shared rules, the order's maximum per line included (ordered − received + tolerance, as the server said).
  const schema = useMemo(() => receiptDraftSchema(initial.items), [initial]);
  const form = useZodForm(schema, receiptDraftOf(initial));
  const draft = form.values as ReceiptDraft;
  const [batchLine, setBatchLine] = useState<number | null>(null);
  const saveKey = useIdempotencyKey();
  /** Nothing left to receive (every line received or marked completed): the screen opens read-only. */
  const done = order.status === 'fullyReceived' || order.items.every(receiptLineLocked);
  const locked = busy || form.saving; // a save, a completion or a reversal under way
  // The receipt starts with its delivery note: the DDT number has the focus.
  useEffect(() => focusField(form.formRef.current, 'document_number'), [form.formRef]);
  const lines = useFormList(draft.items, (items: ReceiptDraftLine[]) => form.set('items', items));

  /**
   * A carton fills its line (receiptDraftWithScan), shown while the box keeps the focus; a bare code focuses the line's
   * quantity. A carton refused for its product's line (nothing, or less, left) shows that line too: its maximum, its status.
   */
  const onScan = (found: BarcodeLookup): string | undefined => {
    const scan = receiptDraftWithScan(order, draft.items, found);
    const field = `items.${scan.line}.quantity`;
    if (scan.ok && !scan.filled) focusField(form.formRef.current, field);
    else form.formRef.current?.querySelector(`[name="${field}"]`)?.closest('tr')?.scrollIntoView?.({ block: 'center' });
    if (!scan.ok) return t(`goodsReceipt.scan.${scan.reason}`, { code: found.product.code });
    form.set('items', scan.items);
    return undefined;
  };

  /** Posts the draft's body, once it passed the form's checks and its expired batches (if any) were confirmed. */
  const send = (body: ReturnType<typeof receiptDraftBody>, expired: boolean) =>
    form.handleSubmit(async () => {
      const receipt = await receiveGoods(expired ? { ...body, confirm_expired: true } : body, saveKey.key()).catch((err: unknown) => {
        // The server names the body's lines; the form's fields are the order's.
        const refusal = apiError(err);
        if (refusal?.fields) refusal.fields = receiptDraftPaths(refusal.fields, body, draft);
        throw err;
      });
      navigate(RECEIPT_LIST_URL, { state: { ...savedRowState(order.id), receiptId: receipt.id, documentNumber: receipt.document_number } });
    }, 'operations:goodsReceipt.feedback.saveError')();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return; // "nothing to receive" focuses the first quantity that can still be received
    const again = receiptOfNote(order, draft.document_number); // the same delivery note again: asked first
    if (again && !(await confirm(noteAgain(again)))) return;
    const body = receiptDraftBody(order, draft);
    const expired = expiredReceiptBatches(body.items, today());
    if (expired.length > 0 && !(await confirmExpired(expired))) return;
    await send(body, expired.length > 0);
  };

  const noteAgain = ({ document_number: number, document_date: date }: ReceiptOrder['receipts'][number]): ConfirmOptions => ({
    title: t('goodsReceipt.again.title', { number }),
    message: t('goodsReceipt.again.message', { number, date: displayDay(date) }),
    confirmLabel: t('goodsReceipt.again.confirm'),
  });

  const confirmExpired = (expired: ReturnType<typeof expiredReceiptBatches>) =>
    confirm({
      title: t('goodsReceipt.expired.title'),
      message: (
        <ListMessage
          intro={t('goodsReceipt.expired.intro', { date: displayDay(today()) })}
          items={expired.map(({ order_item_id: itemId, batch }) =>
            t('goodsReceipt.expired.line', {
              batch: batch.batch_number || '—',
              code: order.items.find((i) => i.id === itemId)?.code ?? '',
              expiry: displayDay(batch.expiry_date),
            }),
          )}
          ask={t('goodsReceipt.expired.ask')}
          data-testid="expired-batches"
        />
      ),
      confirmLabel: t('goodsReceipt.expired.confirm'),
    });

  /**
   * An action outside the form (completion, reversal; the kit's useAction: its failure as a toast): the order as it is
   * now, where a line it locked receives nothing now.
   */
  const orderAction = (run: () => Promise<ReceiptOrder>, successKey: string, ask?: ConfirmOptions) =>
    act({
      ask,
      run: async () => {
        const next = await run();
        const locked = new Set(next.items.filter(receiptLineLocked).map((i) => i.id));
        setOrder(next);
        lines.update((ls) => ls.map((l) => (locked.has(l.order_item_id) ? { ...l, quantity: '', batches: [] } : l)));
      },
      success: () => t(successKey),
      failure: (err) => failureText(err, 'operations:goodsReceipt.feedback.genericError'),
    });
  const reverse = ({ id: receiptId, document_number: number }: ReceiptOrder['receipts'][number]) => {
    const ask: ConfirmOptions = {
      title: t('goodsReceipt.history.reverseOf', { number }),
      message: t('goodsReceipt.actions.reverseConfirm'),
      tone: 'danger',
      confirmLabel: t('goodsReceipt.history.reverse'),
    };
    void orderAction(() => reverseReceipt(receiptId).then(() => fetchReceiptOrder(order.id)), 'goodsReceipt.feedback.reversed', ask);
  };

  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  const items = (
    <ReceiptItemsTable
      items={order.items}
      lines={lines}
      form={form}
      busy={busy}
      readOnly={done}
      onOpenBatches={setBatchLine}
      onToggleCompleted={(item) =>
        void orderAction(() => setItemCompleted(item.id, !item.completed), 'goodsReceipt.feedback.completedSaved')
      }
    />
  );
  return (
    <section className="screen gr-screen" data-testid="goods-receipt-detail">
      <PageHeader
        title={`${t('goodsReceipt.detailTitle')} ${order.order_number}`}
        subtitle={order.supplier_name ?? undefined}
        actions={
          <Link className="btn" to={RECEIPT_LIST_URL}>
            {t('goodsReceipt.back')}
          </Link>
        }
      />
      <Facts
        className="gr-order-head"
        facts={[
          { label: f('orderDate'), value: displayDay(order.order_date) },
          { label: f('requestedArrival'), value: order.requested_arrival_date && displayDay(order.requested_arrival_date) },
          { label: f('status'), value: <OrderStatusBadge status={order.status} />, testId: 'order-status' },
        ]}
      />
      {done ? (
        <>
          <p className="notice" role="status" data-testid="receipt-done">
            {t('goodsReceipt.done')}
          </p>
          {items}
        </>
      ) : (
        <form ref={form.formRef} onSubmit={(e) => void save(e)} noValidate>
          <div className="gr-ddt">
            <TextField
              {...form.field('document_number')}
              label={f('documentNumber')}
              required
              disabled={locked}
              data-testid="document-number"
            />
            <DateField {...form.field('document_date')} label={f('documentDate')} required disabled={locked} data-testid="document-date" />
          </div>
          <ScanInput onScan={onScan} label={t('goodsReceipt.scan.label')} disabled={locked} data-testid="receipt-scan" />
          {items}
          <ListError name="items" error={form.error('items')} />
          <FormActions
            saving={locked}
            failure={form.failure}
            failureTestId="form-error"
            saveLabel={t('goodsReceipt.actions.save')}
            saveTestId="receive-save"
            onCancel={() => navigate(RECEIPT_LIST_URL)}
          />
        </form>
      )}
      <ReceiptHistoryPanel order={order} busy={busy} onReverse={reverse} />
      {batchLine !== null ? (
        <BatchDialog
          item={order.items[batchLine]}
          quantity={draft.items[batchLine].quantity}
          batches={draft.items[batchLine].batches}
          onCancel={() => setBatchLine(null)}
          onSave={(batches) => {
            lines.patch(batchLine, { batches });
            setBatchLine(null);
          }}
        />
      ) : null}
      {dialog}
    </section>
  );
}
