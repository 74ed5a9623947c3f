import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from '@wms/shared-ui/router';
import { movementValuesOf, newMovementValues, type MovementBody, type MovementFormValues } from '@wms/shared-api';
import { Loaded, PageHeader, savedRowState, toastSuccess, today, useLoad, useSession } from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchMovement, fetchProduct, saveMovement, type MovementView } from './api';
import { MovementForm } from './MovementForm';
import { documentUrl, LIST_PATH, type ListState } from './paths';
import './movements.css';

type Ready =
  | { editable: false; movement: MovementView }
  | { editable: true; values: MovementFormValues; original: MovementView | null; productText?: string };

/** For an edit, the movement and its product: what the form needs before it can show (its pickers read the warehouses). */
async function loadForm(id: string | null): Promise<Ready> {
  if (id === null) return { editable: true, values: newMovementValues(today()), original: null };
  const movement = await fetchMovement(id);
  if (movement.source_type !== 'MAN' || movement.status !== 'active') return { editable: false, movement };
  // The product's flags decide the rules; a product deleted since leaves its code in the box, to be chosen again.
  const product = await fetchProduct(movement.product_id).catch(() => null);
  return {
    editable: true,
    values: movementValuesOf(movement, product),
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
  const load = useLoad(() => loadForm(mode === 'edit' && id ? id : null), [mode, id]);
  const listUrl = `${LIST_PATH}${(location.state as ListState | null)?.listSearch ?? ''}`;
  const title = t(mode === 'new' ? 'movements.newTitle' : 'movements.editTitle');

  const save = async (body: MovementBody) => {
    const saved = await saveMovement(mode === 'new' ? null : id!, body, user?.username ?? null);
    toastSuccess(t(mode === 'new' ? 'movements.feedback.created' : 'movements.feedback.updated'));
    navigate(listUrl, { state: savedRowState(saved.id, saved.product_code) }); // the list shows it highlighted
  };

  return (
    <section className="screen movements-screen" data-testid="movement-form-page">
      <PageHeader title={title} subtitle={t('movements.subtitle')} />
      <Loaded
        load={load}
        failedText={() => t('movements.feedback.fetchOneFailed')}
        errorTestId="movement-load-error"
        notFound={{ title: t('movements.form.notFound'), backTo: listUrl, backLabel: t('movements.form.backToList') }}
      >
        {(ready) => (
          <div className="form-card">
            {ready.editable ? (
              <MovementForm
                key={`${mode}-${id ?? 'new'}`}
                initial={ready.values}
                initialProductText={ready.productText}
                original={ready.original}
                onSubmit={save}
                cancelTo={listUrl}
              />
            ) : (
              <NotEditable movement={ready.movement} listUrl={listUrl} />
            )}
          </div>
        )}
      </Loaded>
    </section>
  );
}

/** A movement made by a document, or no longer live, is not changed here: its document is (where the role may open it). */
function NotEditable({ movement: { source_document: doc }, listUrl }: { movement: MovementView; listUrl: string }) {
  const { t } = useTranslation(NS);
  const url = documentUrl(doc, useSession().user?.role);
  return (
    <>
      <p className="alert alert-error" role="alert" data-testid="movement-not-editable">
        {t('movements.form.notEditable')}
      </p>
      <div className="form-actions">
        {url ? (
          <Link to={url} className="btn btn-primary" data-testid="movement-open-document">
            {t('movements.form.openDocument', { number: doc.number })}
          </Link>
        ) : null}
        <Link to={listUrl} className="btn">
          {t('movements.form.backToList')}
        </Link>
      </div>
    </>
  );
}
