import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressLine, api, bytesBase64 } from '@wms/shared-api/core';
import type { Company } from '@wms/shared-api';
import { useLoad, type Load } from '../lists/Loaded';

/**
 * The company's own data at the top of every print (issue 26): purchase orders, goods-receipt labels, transport notes.
 * `GET /company` is read by any signed-in user; the logo comes from `GET /company/logo` with the session's token and is
 * shown as a data: URL (the portal's CSP allows data: images; an <img> never runs an SVG's script anyway).
 */
export const COMPANY_PATH = '/company';

export async function fetchCompany(): Promise<Company> {
  const { data } = await api.get<Company>(COMPANY_PATH);
  return data;
}

/** The logo of that type as a data: URL. `version` (logo_updated_at) defeats a stale cache. */
export async function fetchCompanyLogo(mimeType: string, version: string): Promise<string> {
  const { data } = await api.get<ArrayBuffer>(`${COMPANY_PATH}/logo`, { responseType: 'arraybuffer', params: { v: version } });
  return `data:${mimeType};base64,${bytesBase64(new Uint8Array(data))}`;
}

/** The company, loaded once per screen (a print page that also needs its fields, e.g. the DDT prefix). */
export function useCompany(): Load<Company> {
  return useLoad(fetchCompany, []);
}

/** The logo's data: URL once loaded (undefined while it loads), or null: no logo, or it could not be loaded. */
function useLogoState(company: Company | null): string | null | undefined {
  const type = company?.logo_mime_type ?? null;
  const version = company?.logo_updated_at ?? null;
  const [logo, setLogo] = useState<string | null | undefined>(type && version ? undefined : null);
  useEffect(() => {
    let alive = true;
    setLogo(type && version ? undefined : null);
    if (type && version)
      fetchCompanyLogo(type, version).then(
        (url) => alive && setLogo(url),
        () => alive && setLogo(null), // the header then shows the name alone, and is ready
      );
    return () => {
      alive = false;
    };
  }, [type, version]);
  return logo;
}

/** The logo's data: URL once loaded; null without a logo or while it loads (the header shows the name alone). */
export function useCompanyLogo(company: Company | null): string | null {
  return useLogoState(company) ?? null;
}

export interface CompanyHeaderProps {
  /** The company when the page loaded it already (useCompany); otherwise the header loads it. */
  company?: Company;
  /**
   * The logo's data: URL when the page loaded it already (useCompanyLogo: one request for a page of many headers, e.g.
   * labels); null for none. Left out, the header loads it.
   */
  logo?: string | null;
}

/**
 * Legal name, address, VAT number and tax code, phone and e-mail, and the logo: the sender block of a printed document.
 * Marks itself `data-state="ready"` once the data (and the logo, if any) are in, so a test can print after that.
 */
export function CompanyHeader({ company, logo }: CompanyHeaderProps) {
  if (!company) return <LoadingCompanyHeader />;
  return logo === undefined ? <CompanyWithLogo company={company} /> : <CompanyBlock company={company} logo={logo} />;
}

function LoadingCompanyHeader() {
  const { t } = useTranslation('common');
  const load = useCompany();
  if (load.status === 'ready') return <CompanyWithLogo company={load.value} />;
  return (
    <div className="company-header" data-testid="company-header" data-state={load.status}>
      {load.status === 'failed' ? <p className="company-header-missing">{t('print.loadFailed')}</p> : null}
    </div>
  );
}

function CompanyWithLogo({ company }: { company: Company }) {
  return <CompanyBlock company={company} logo={useLogoState(company)} />;
}

/** `logo` undefined: still loading (the header is not ready yet). */
function CompanyBlock({ company: c, logo }: { company: Company; logo: string | null | undefined }) {
  const { t } = useTranslation('common');
  const ready = logo !== undefined || !c.logo_mime_type;
  const contacts = [c.phone ? `${t('print.phone')} ${c.phone}` : '', c.email].filter(Boolean).join(' · ');
  const codes = [
    c.vat_number ? `${t('print.vat')} ${c.vat_number}` : '',
    c.tax_code && c.tax_code !== c.vat_number ? `${t('print.taxCode')} ${c.tax_code}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="company-header" data-testid="company-header" data-state={ready ? 'ready' : 'loading'}>
      {logo ? (
        <img className="company-logo" src={logo} alt={t('print.logoAlt', { name: c.business_name })} data-testid="company-logo" />
      ) : null}
      <div className="company-details">
        {c.business_name ? (
          <p className="company-name" data-testid="company-name">
            {c.business_name}
          </p>
        ) : (
          <p className="company-header-missing">{t('print.notSet')}</p>
        )}
        {addressLine(c) ? <p data-testid="company-address">{addressLine(c)}</p> : null}
        {codes ? <p data-testid="company-vat">{codes}</p> : null}
        {contacts ? <p>{contacts}</p> : null}
      </div>
    </div>
  );
}
