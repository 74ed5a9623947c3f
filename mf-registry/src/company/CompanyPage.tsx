import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bytesBase64,
  companyBodyOf,
  companyLogoSchema,
  companySchema,
  fieldProblems,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  validationMessage,
  type Company,
  type CompanyBody,
} from '@wms/shared-api';
import {
  CompanyHeader,
  currentLanguage,
  failureText,
  fetchCompany,
  FormActions,
  Loaded,
  PageHeader,
  RequiredNote,
  TextField,
  toastError,
  toastSuccess,
  useCompanyLogo,
  useConfirm,
  useLoad,
  useZodForm,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { removeLogo, saveCompany, uploadLogo } from './api';

type TextKey = Exclude<keyof CompanyBody, 'ddt_prefix'>;

/** The supplier form's fields and labels where they mean the same (SPEC §5), plus the tax code. */
const MAIN: [TextKey, 'text' | 'email' | 'tel', boolean][] = [
  ['business_name', 'text', true],
  ['vat_number', 'text', true],
  ['tax_code', 'text', false],
  ['address', 'text', true],
  ['city', 'text', true],
  ['province', 'text', true],
  ['zip_code', 'text', true],
  ['country', 'text', true],
  ['phone', 'tel', true],
  ['email', 'email', true],
];
const OWN_LABELS: readonly string[] = ['business_name', 'tax_code'];

/**
 * /anagrafica/azienda (issue 26): the company's own data (permission registry), printed in the header of every document
 * (CompanyHeader, previewed here); the logo is uploaded apart (PNG or SVG, checked here with the server's schema first).
 */
export function CompanyPage() {
  const { t } = useTranslation(NS);
  const load = useLoad(fetchCompany, []);
  return (
    <section className="screen registry-screen" data-testid="company-page">
      <PageHeader title={t('company.title')} subtitle={t('company.subtitle')} />
      <Loaded load={load} failedText={(e) => failureText(e, `${NS}:company.feedback.loadError`)}>
        {(company) => <CompanyScreen initial={company} />}
      </Loaded>
    </section>
  );
}

function CompanyScreen({ initial }: { initial: Company }) {
  const { t } = useTranslation(NS);
  const [company, setCompany] = useState(initial);
  const logo = useCompanyLogo(company);
  return (
    <div className="company-screen">
      <p>{t('company.intro')}</p>
      <CompanyForm initial={company} onSaved={setCompany} />
      <LogoSection company={company} logo={logo} onChanged={setCompany} />
      <section className="form-card company-preview" aria-labelledby="company-preview-title">
        <h2 className="form-title" id="company-preview-title">
          {t('company.sections.preview')}
        </h2>
        <CompanyHeader company={company} logo={logo} />
      </section>
    </div>
  );
}

function CompanyForm({ initial, onSaved }: { initial: Company; onSaved: (c: Company) => void }) {
  const { t } = useTranslation(NS);
  const form = useZodForm(companySchema, companyBodyOf(initial));
  const onSubmit = form.handleSubmit(async (parsed) => {
    onSaved(await saveCompany(parsed));
    toastSuccess(t('company.feedback.saved'));
  }, `${NS}:company.feedback.saveError`);
  const label = (name: string) => t(OWN_LABELS.includes(name) ? `company.fields.${name}` : `parties.fields.${name}`);
  return (
    <form
      ref={form.formRef}
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('company.title')}
      data-testid="company-form"
    >
      <RequiredNote />
      <fieldset>
        <legend>{t('company.sections.main')}</legend>
        <div className="form-grid">
          {MAIN.map(([name, type, required]) => (
            <TextField
              key={name}
              type={type}
              label={label(name)}
              required={required}
              {...form.field(name)}
              value={form.values[name] ?? null}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('company.sections.documents')}</legend>
        <div className="form-grid">
          <TextField
            label={t('company.fields.ddt_prefix')}
            hint={t('company.fields.ddtPrefixHint')}
            required
            code
            {...form.field('ddt_prefix')}
          />
        </div>
      </fieldset>
      {/* Cancel puts back the data last saved (the page has no list to return to). */}
      <FormActions
        saving={form.saving}
        onCancel={() => form.reset(companyBodyOf(initial))}
        saveTestId="company-save"
        failure={form.failure}
        failureTestId="company-save-error"
      />
    </form>
  );
}

/** A chosen file's bytes (FileReader: every browser, and jsdom in tests). */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Why a chosen file cannot be the logo (the schema's words), or null; a file over the limit is not even read. */
async function readLogo(
  file: File,
): Promise<{ ok: true; body: { mime_type: (typeof LOGO_TYPES)[number]; data: string } } | { ok: false; message: string }> {
  const lang = currentLanguage();
  const max = MAX_LOGO_BYTES / 1024;
  if (file.size > MAX_LOGO_BYTES) return { ok: false, message: validationMessage(lang, 'logoTooLarge', { max }) };
  const body = { mime_type: file.type, data: bytesBase64(await readBytes(file)) };
  const parsed = companyLogoSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems = fieldProblems(parsed.error);
  const p = problems.mime_type ?? problems.data ?? Object.values(problems)[0];
  return { ok: false, message: validationMessage(lang, p.key, { max, ...p.params }) };
}

function LogoSection({ company, logo, onChanged }: { company: Company; logo: string | null; onChanged: (c: Company) => void }) {
  const { t } = useTranslation(NS);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  const run = async (action: () => Promise<Company>, done: string, failed: string) => {
    setBusy(true);
    try {
      onChanged(await action());
      toastSuccess(t(done));
    } catch (err) {
      const text = failureText(err, `${NS}:${failed}`);
      setProblem(text);
      toastError(text);
    } finally {
      setBusy(false);
    }
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setProblem(null);
    if (!file) return;
    const read = await readLogo(file);
    if (!read.ok) {
      setProblem(read.message);
      input.current?.focus();
      return;
    }
    await run(() => uploadLogo(read.body), 'company.logo.uploaded', 'company.logo.uploadError');
  };
  const errorId = 'company-logo-error';
  return (
    <section className="form-card company-logo-section" aria-labelledby="company-logo-title" data-testid="company-logo-section">
      <h2 className="form-title" id="company-logo-title">
        {t('company.sections.logo')}
      </h2>
      {company.logo_mime_type ? (
        logo ? (
          <img className="company-logo-preview" src={logo} alt={t('company.logo.current')} data-testid="company-logo-preview" />
        ) : null
      ) : (
        <p data-testid="company-no-logo">{t('company.logo.none')}</p>
      )}
      <div className={`field${problem ? ' has-error' : ''}`}>
        <label htmlFor="company-logo-file">{t('company.logo.upload', { max: MAX_LOGO_BYTES / 1024 })}</label>
        <input
          ref={input}
          id="company-logo-file"
          type="file"
          accept={LOGO_TYPES.join(',')}
          onChange={(e) => void onFile(e)}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          data-testid="company-logo-file"
        />
        {problem ? (
          <p className="field-error" id={errorId} data-testid="error-logo" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {company.logo_mime_type ? (
        <div className="form-actions">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={async () => {
              const ok = await confirm({ title: t('company.logo.remove'), message: t('company.logo.confirmRemove'), tone: 'danger' });
              if (ok) await run(removeLogo, 'company.logo.removed', 'company.logo.removeError');
            }}
            data-testid="company-logo-remove"
          >
            {t('company.logo.remove')}
          </button>
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
