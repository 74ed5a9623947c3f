import { api, type Company, type CompanyFields, type CompanyLogoBody } from '@wms/shared-api';
import { COMPANY_PATH } from '@wms/shared-ui';

/** The company calls (issue 26): the form saves the data and the logo apart; GET /company is shared-ui's fetchCompany. */
export async function saveCompany(c: CompanyFields): Promise<Company> {
  return (await api.put<Company>(COMPANY_PATH, c)).data;
}

export async function uploadLogo(logo: CompanyLogoBody): Promise<Company> {
  return (await api.put<Company>(`${COMPANY_PATH}/logo`, logo)).data;
}

export async function removeLogo(): Promise<Company> {
  return (await api.delete<Company>(`${COMPANY_PATH}/logo`)).data;
}
