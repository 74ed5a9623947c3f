import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { parseDay, type MovementBody, type Product, type Warehouse } from '@wms/shared-api';
import {
  ErrorState,
  fetchWarehouseOptions,
  isNotFound,
  NotFound,
  PageHeader,
  Spinner,
  toastSuccess,
  today,
  useDocumentTitle,
  useSession,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchMovement, fetchProduct, saveMovement, type MovementView } from './api';
import { MovementForm } from './MovementForm';
import { newMovementValues, type MovementFormValues } from './movement-values';
import { LIST_PATH, type ListState } from './paths';
import './movements.css';

type Load =
  | { state: 'loading' | 'missing' | 'notEditable' }
  | { state: 'failed'; messageKey: 'fetchWarehousesFailed' | 'fetchOneFailed' }
  | { state: 'ready'; warehouses: Warehouse[]; values: MovementFormValues; original: MovementView | null; productText?: string };

function valuesOf(m: MovementView, product: Product | null): MovementFormValues {
  return {
    movement_type: m.movement_type,
    movement_date: parseDay(m.movement_date) ?? '',
    product_id: product,
    warehouse_id: String(m.warehouse_id),
    destination_warehouse_id: m.destination_warehouse_id ? String(m.destination_warehouse_id) : '',
    batch_number: m.batch_number ?? '',
    production_date: m.production_date ?? '',
    expiry_date: m.expiry_date ?? '',
    quantity: String(m.quantity),
    notes: m.notes ?? '',
  };
}

/** The warehouses, and for an edit the movement and its product: what the form needs before it can show. */
async function loadForm(id: string | null): Promise<Load> {
  const warehouses = await fetchWarehouseOptions().catch(() => null);
  if (!warehouses) return { state: 'failed', messageKey: 'fetchWarehousesFailed' };
  if (id === null) return { state: 'ready', warehouses, values: newMovementValues(today()), original: null };
  let movement: MovementView;
  try {
    movement = await fetchMovement(id);
  } catch (err) {
    return isNotFound(err) ? { state: 'missing' } : { state: 'failed', messageKey: 'fetchOneFailed' };
  }
  if (movement.source_type !== 'MAN' || movement.status !== 'active') return { state: 'notEditable' };
  // The product's flags decide the rules; a product deleted since leaves its code in the box, to be chosen again.
  const product = await fetchProduct(movement.product_id).catch(() => null);
  return {
    state: 'ready',
    warehouses,
    values: valuesOf(movement, product),
    original: movement,
    productText: product ? undefined : movement.product_code,
  };
}

/**
 * /operazioni/movimenti/nuovo and /operazioni/movimenti/{id} (SPEC §2): the movement form. {id} is the list's id
 * ("12-manual"); the correction is PUT to the id cut at its first hyphen. A save shows a success toast and returns to the
 * list (with its filters); a refusal stays on the form with the server's own words, else saveFailed (SPEC §8).
 */
export function MovementFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const { user } = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const listUrl = `${LIST_PATH}${(location.state as ListState | null)?.listSearch ?? ''}`;
  const title = t(mode === 'new' ? 'movements.newTitle' : 'movements.editTitle');
  useDocumentTitle(title);

  useEffect(() => {
    let alive = true;
    setLoad({ state: 'loading' });
    void loadForm(mode === 'edit' && id ? id : null).then((l) => alive && setLoad(l));
    return () => {
      alive = false;
    };
  }, [mode, id, attempt]);

  const save = async (body: MovementBody) => {
    await saveMovement(mode === 'new' ? null : id!, body, user?.username ?? null);
    toastSuccess(t(mode === 'new' ? 'movements.feedback.created' : 'movements.feedback.updated'));
    navigate(listUrl);
  };

  return (
    <section className="screen movements-screen" data-testid="movement-form-page">
      <PageHeader title={title} subtitle={t('movements.subtitle')} />
      {load.state === 'loading' ? <Spinner /> : null}
      {load.state === 'missing' ? (
        <NotFound title={t('movements.form.notFound')} backTo={listUrl} backLabel={t('movements.form.backToList')} />
      ) : null}
      {load.state === 'failed' ? (
        <ErrorState
          message={t(`movements.feedback.${load.messageKey}`)}
          onRetry={() => setAttempt((n) => n + 1)}
          testId="movement-load-error"
        />
      ) : null}
      {load.state === 'notEditable' ? (
        <div className="movement-form-card">
          <p className="alert alert-error" role="alert" data-testid="movement-not-editable">
            {t('movements.form.notEditable')}
          </p>
          <Link to={listUrl} className="btn">
            {t('movements.form.backToList')}
          </Link>
        </div>
      ) : null}
      {load.state === 'ready' ? (
        <div className="movement-form-card">
          <MovementForm
            key={`${mode}-${id ?? 'new'}`}
            initial={load.values}
            initialProductText={load.productText}
            original={load.original}
            warehouses={load.warehouses}
            onSubmit={save}
            cancelTo={listUrl}
          />
        </div>
      ) : null}
    </section>
  );
}
