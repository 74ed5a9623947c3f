import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '@wms/shared-ui/router';
import { newIdempotencyKey, type ReceiptOrder, type ReceiptOrderItem } from '@wms/shared-api';
import {
  currentLanguage,
  DateField,
  displayDay,
  ErrorState,
  failureText,
  focusField,
  FormActions,
  isNotFound,
  NotFound,
  PageHeader,
  Spinner,
  TextField,
  toastError,
  toastSuccess,
  useConfirm,
  useWarehouses,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchReceiptOrder, receiveGoods, reverseReceipt, setItemCompleted } from './api';
import { BatchDialog } from './BatchDialog';
import { RECEIPT_LIST_URL } from './paths';
import { initialDraft, itemLocked, receiptBody, receiptProblems, type ItemDraft, type ReceiptDraft } from './receipt-form';
import { ReceiptHistoryPanel } from './ReceiptHistoryPanel';
import { ReceiptItemsTable } from './ReceiptItemsTable';
import { OrderStatusBadge } from './status';

/**
 * /operazioni/ricezione-merce/{id} (SPEC §2 Goods receipt): the order, the delivery note (DDT) number and date, the items
 * to receive now, batches, mark-as-completed, summary and history. One save posts one delivery note — every item with a
 * quantity, all or nothing — exactly once (one Idempotency-Key per save action), then returns to the list.
 */
export function GoodsReceiptDetailPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const lang = currentLanguage() === 'fr' ? 'fr' : 'it';
  const { warehouses } = useWarehouses();
  const { confirm, dialog } = useConfirm();
  const [order, setOrder] = useState<ReceiptOrder | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'missing'>('loading');
  const [draft, setDraft] = useState<ReceiptDraft | null>(null);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [inputProblems, setInputProblems] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [batchItem, setBatchItem] = useState<ReceiptOrderItem | null>(null);
  /** One key per save action: a retry of the same action (double click, timeout) reuses it. */
  const saveKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const load = useCallback(
    async (keepDraft = false) => {
      try {
        const o = await fetchReceiptOrder(id);
        setOrder(o);
        setDraft((d) =>
          keepDraft && d
            ? {
                ...initialDraft(o),
                document_number: d.document_number,
                document_date: d.document_date,
                items: { ...initialDraft(o).items, ...d.items },
              }
            : initialDraft(o),
        );
        setState('ready');
      } catch (err) {
        setState(isNotFound(err) ? 'missing' : 'failed');
      }
    },
    [id],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (state === 'missing') return <NotFound backTo={RECEIPT_LIST_URL} />;
  if (state === 'failed') return <ErrorState message={t('goodsReceipt.loadError')} onRetry={() => void load()} />;
  if (!order || !draft) return <Spinner />;

  const change = (patch: Partial<ReceiptDraft>) => {
    saveKey.current = null;
    setDraft({ ...draft, ...patch });
  };
  const changeItem = (itemId: number, patch: Partial<ItemDraft>) =>
    change({ items: { ...draft.items, [itemId]: { ...draft.items[itemId], ...patch } } });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = receiptProblems(order, draft, lang);
    setShown(problems);
    const unreadable = Object.keys(inputProblems).filter((k) => inputProblems[k]);
    if (Object.keys(problems).length > 0 || unreadable.length > 0) {
      const first = Object.values(problems)[0];
      if (first) toastError(first);
      // The kit's rule: focus on the first field in error, in the form's order. "Nothing to receive" names no field:
      // the first quantity that can still be received is where to type.
      const firstOpen = order.items.find((i) => !itemLocked(i));
      const names = [...Object.keys(problems), ...unreadable];
      if (problems.items && firstOpen) names.push(`item.${firstOpen.id}.quantity`);
      focusField(formRef.current, names);
      return;
    }
    setBusy(true);
    saveKey.current ??= newIdempotencyKey();
    try {
      const receipt = await receiveGoods(receiptBody(order, draft), saveKey.current);
      saveKey.current = null;
      toastSuccess(t('goodsReceipt.feedback.saveSuccess', { number: receipt.document_number }));
      navigate(RECEIPT_LIST_URL, { state: { receiptId: receipt.id, documentNumber: receipt.document_number } });
    } catch (err) {
      toastError(failureText(err, 'operations:goodsReceipt.feedback.saveError'));
      setBusy(false);
    }
  };

  const toggleCompleted = async (item: ReceiptOrderItem) => {
    setBusy(true);
    try {
      const o = await setItemCompleted(item.id, !item.completed);
      setOrder(o);
      toastSuccess(t('goodsReceipt.feedback.completedSaved'));
    } catch (err) {
      toastError(failureText(err, 'operations:goodsReceipt.feedback.genericError'));
    } finally {
      setBusy(false);
    }
  };

  const reverse = async (receiptId: number) => {
    const ok = await confirm({
      title: t('goodsReceipt.history.reverse'),
      message: t('goodsReceipt.actions.reverseConfirm'),
      tone: 'danger',
      confirmLabel: t('goodsReceipt.history.reverse'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await reverseReceipt(receiptId);
      toastSuccess(t('goodsReceipt.feedback.reversed'));
      await load(true);
    } catch (err) {
      toastError(failureText(err, 'operations:goodsReceipt.feedback.genericError'));
    } finally {
      setBusy(false);
    }
  };

  const f = (k: string) => t(`goodsReceipt.fields.${k}`);
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
            onInputProblem={(p) => setInputProblems((s) => ({ ...s, document_date: !!p }))}
            error={shown.document_date}
            disabled={busy}
            data-testid="document-date"
          />
        </div>
        <ReceiptItemsTable
          items={order.items}
          drafts={draft.items}
          problems={shown}
          warehouses={warehouses}
          busy={busy}
          onChange={changeItem}
          onInputProblem={(key, bad) => setInputProblems((s) => ({ ...s, [key]: bad }))}
          onOpenBatches={setBatchItem}
          onToggleCompleted={(item) => void toggleCompleted(item)}
        />
        {shown.items || shown._ ? (
          <p className="field-error" role="alert" data-testid="form-error">
            {shown.items ?? shown._}
          </p>
        ) : null}
        <FormActions
          saving={busy}
          saveLabel={t('goodsReceipt.actions.save')}
          saveTestId="receive-save"
          onCancel={() => navigate(RECEIPT_LIST_URL)}
        />
      </form>
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
