import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@wms/shared-ui/router';
import { expiredReceiptBatches, newIdempotencyKey, type ReceiptOrder, type ReceiptOrderItem } from '@wms/shared-api';
import {
  currentLanguage,
  DateField,
  displayDay,
  failureText,
  focusField,
  FormActions,
  Loaded,
  PageHeader,
  TextField,
  toastError,
  toastSuccess,
  today,
  useConfirm,
  useDocumentTitle,
  useLoad,
  useWarehouses,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchReceiptOrder, receiveGoods, reverseReceipt, setItemCompleted } from './api';
import { BatchDialog } from './BatchDialog';
import { RECEIPT_LIST_URL } from './paths';
import {
  initialDraft,
  itemLocked,
  orderDone,
  receiptBody,
  receiptProblems,
  serverProblems,
  type ItemDraft,
  type ReceiptDraft,
} from './receipt-form';
import { ReceiptHistoryPanel } from './ReceiptHistoryPanel';
import { ReceiptItemsTable } from './ReceiptItemsTable';
import { OrderStatusBadge } from './status';

/** /operazioni/ricezione-merce/{id} (SPEC §2 Goods receipt): the order, read through the kit's useLoad / Loaded. */
export function GoodsReceiptDetailPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const load = useLoad(() => fetchReceiptOrder(id), [id]);
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
 * history. One save posts one delivery note — every item with a quantity, all or nothing — exactly once (one
 * Idempotency-Key per save action), then returns to the list. Batches already expired on the receipt day are received only
 * after an explicit confirmation. A refusal shows in the form (by its fields and in the form's box), never also as a toast.
 * An order with nothing left to receive opens read-only: its items, what was received, the labels.
 */
function ReceiptSheet({ initial }: { initial: ReceiptOrder }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const lang = currentLanguage() === 'fr' ? 'fr' : 'it';
  const { warehouses } = useWarehouses();
  const { confirm, dialog } = useConfirm();
  const [order, setOrder] = useState(initial);
  const [draft, setDraft] = useState<ReceiptDraft>(() => initialDraft(initial));
  const [shown, setShown] = useState<Record<string, string>>({});
  const [unreadable, setUnreadable] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [batchItem, setBatchItem] = useState<ReceiptOrderItem | null>(null);
  /** One key per save action: a retry of the same action (double click, timeout) reuses it. */
  const saveKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const done = orderDone(order);
  const title = `${t('goodsReceipt.detailTitle')} ${order.order_number}`;
  useDocumentTitle(title);
  /** Where the focus goes once the form is enabled again: the DDT number on open, the fields a refusal named. */
  const focusLater = useRef<string[] | null>(['document_number']);
  useEffect(() => {
    if (busy || !focusLater.current) return;
    focusField(formRef.current, focusLater.current);
    focusLater.current = null;
  });

  const change = (patch: Partial<ReceiptDraft>) => {
    saveKey.current = null;
    setDraft((d) => ({ ...d, ...patch }));
  };
  const changeItem = (itemId: number, patch: Partial<ItemDraft>) =>
    change({ items: { ...draft.items, [itemId]: { ...draft.items[itemId], ...patch } } });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = receiptProblems(order, draft, lang);
    setShown(problems);
    const names = [...Object.keys(problems), ...Object.keys(unreadable).filter((k) => unreadable[k])];
    if (names.length > 0) {
      // The kit's rule: focus on the first field in error, in the form's order. "Nothing to receive" names no field:
      // the first quantity that can still be received is where to type.
      const firstOpen = order.items.find((i) => !itemLocked(i));
      if (problems.items && firstOpen) names.push(`item.${firstOpen.id}.quantity`);
      focusField(formRef.current, names);
      return;
    }
    const body = receiptBody(order, draft);
    const expired = expiredReceiptBatches(body.items, today());
    if (expired.length > 0 && !(await confirmExpired(expired))) return;
    setBusy(true);
    saveKey.current ??= newIdempotencyKey();
    try {
      const receipt = await receiveGoods(expired.length > 0 ? { ...body, confirm_expired: true } : body, saveKey.current);
      saveKey.current = null;
      toastSuccess(t('goodsReceipt.feedback.saveSuccess', { number: receipt.document_number }));
      navigate(RECEIPT_LIST_URL, { state: { receiptId: receipt.id, documentNumber: receipt.document_number } });
    } catch (err) {
      const problems = serverProblems(body, err, failureText(err, 'operations:goodsReceipt.feedback.saveError'));
      focusLater.current = Object.keys(problems);
      setShown(problems);
      setBusy(false);
    }
  };

  const confirmExpired = (
    expired: Array<{ order_item_id: number; batch: { batch_number: string | null; expiry_date: string | null } }>,
  ) => {
    const codeOf = (itemId: number) => order.items.find((i) => i.id === itemId)?.code ?? '';
    return confirm({
      title: t('goodsReceipt.expired.title'),
      message: (
        <div data-testid="expired-batches">
          <p>{t('goodsReceipt.expired.intro', { date: displayDay(today()) })}</p>
          <ul>
            {expired.map(({ order_item_id: itemId, batch }, k) => (
              <li key={k}>
                {t('goodsReceipt.expired.line', {
                  batch: batch.batch_number || '—',
                  code: codeOf(itemId),
                  expiry: displayDay(batch.expiry_date),
                })}
              </li>
            ))}
          </ul>
          <p>{t('goodsReceipt.expired.ask')}</p>
        </div>
      ),
      confirmLabel: t('goodsReceipt.expired.confirm'),
    });
  };

  /** An action outside the form (completion, reversal): the order as it is now, else the failure as a toast. */
  const act = async (run: () => Promise<ReceiptOrder>, successKey: string) => {
    setBusy(true);
    try {
      setOrder(await run());
      toastSuccess(t(successKey));
    } catch (err) {
      toastError(failureText(err, 'operations:goodsReceipt.feedback.genericError'));
    } finally {
      setBusy(false);
    }
  };
  const toggleCompleted = (item: ReceiptOrderItem) =>
    void act(() => setItemCompleted(item.id, !item.completed), 'goodsReceipt.feedback.completedSaved');
  const reverse = async (receiptId: number) => {
    const label = t('goodsReceipt.history.reverse');
    if (!(await confirm({ title: label, message: t('goodsReceipt.actions.reverseConfirm'), tone: 'danger', confirmLabel: label }))) return;
    await act(async () => {
      await reverseReceipt(receiptId);
      return fetchReceiptOrder(order.id);
    }, 'goodsReceipt.feedback.reversed');
  };

  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
  const items = (
    <ReceiptItemsTable
      items={order.items}
      drafts={draft.items}
      problems={shown}
      warehouses={warehouses}
      busy={busy}
      readOnly={done}
      onChange={changeItem}
      onInputProblem={(key, bad) => setUnreadable((s) => ({ ...s, [key]: bad }))}
      onOpenBatches={setBatchItem}
      onToggleCompleted={toggleCompleted}
    />
  );
  return (
    <section className="screen gr-screen" data-testid="goods-receipt-detail">
      <PageHeader
        title={title}
        subtitle={order.supplier_name ?? undefined}
        actions={
          <Link className="btn" to={RECEIPT_LIST_URL}>
            {t('goodsReceipt.back')}
          </Link>
        }
      />
      <dl className="gr-order-head">
        <dt>{f('orderDate')}</dt>
        <dd>{displayDay(order.order_date)}</dd>
        <dt>{f('requestedArrival')}</dt>
        <dd>{order.requested_arrival_date ? displayDay(order.requested_arrival_date) : '—'}</dd>
        <dt>{f('status')}</dt>
        <dd data-testid="order-status">
          <OrderStatusBadge status={order.status} />
        </dd>
      </dl>
      {done ? (
        <>
          <p className="notice" role="status" data-testid="receipt-done">
            {t('goodsReceipt.done')}
          </p>
          {items}
        </>
      ) : (
        <form ref={formRef} onSubmit={(e) => void save(e)} noValidate>
          <div className="gr-ddt">
            <TextField
              name="document_number"
              label={f('documentNumber')}
              required
              value={draft.document_number}
              onChange={(v) => change({ document_number: v ?? '' })}
              error={shown.document_number}
              disabled={busy}
              data-testid="document-number"
            />
            <DateField
              name="document_date"
              label={f('documentDate')}
              required
              value={draft.document_date}
              onChange={(v) => change({ document_date: v })}
              onInputProblem={(p) => setUnreadable((s) => ({ ...s, document_date: !!p }))}
              error={shown.document_date}
              disabled={busy}
              data-testid="document-date"
            />
          </div>
          {items}
          {shown.items || shown._ ? (
            <p className="field-error" role="alert" data-testid="form-error">
              {[shown.items, shown._].filter(Boolean).join(' — ')}
            </p>
          ) : null}
          <FormActions
            saving={busy}
            saveLabel={t('goodsReceipt.actions.save')}
            saveTestId="receive-save"
            onCancel={() => navigate(RECEIPT_LIST_URL)}
          />
        </form>
      )}
      <ReceiptHistoryPanel order={order} busy={busy} onReverse={(rid) => void reverse(rid)} />
      {batchItem ? (
        <BatchDialog
          item={batchItem}
          quantity={draft.items[batchItem.id].quantity}
          batches={draft.items[batchItem.id].batches}
          onCancel={() => setBatchItem(null)}
          onSave={(batches) => {
            changeItem(batchItem.id, { batches });
            setBatchItem(null);
          }}
        />
      ) : null}
      {dialog}
    </section>
  );
}
