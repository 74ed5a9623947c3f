import { italianVat } from './vat';

/**
 * The demo company: "Rossi Forniture Industriali", a distributor near Brescia. Warehouses, suppliers, customers and about
 * fifty products mixing units, currencies and batch / expiry / production-date management. E-mail addresses use the
 * reserved `.example` domain (RFC 2606): valid, and never anyone's mailbox. VAT numbers carry a correct check digit.
 */

export interface DemoWarehouse {
  name: string;
  description: string;
  is_active: boolean;
  /** Street, city, province, zip code (country Italia): the transport notes' sender and destination (issue 26). */
  site: [string, string, string, string];
}

/** The demo company's own data (issue 26): every print's header. */
export const DEMO_COMPANY = {
  business_name: 'Rossi Forniture Industriali S.r.l.',
  vat_number: italianVat('0298765432'),
  tax_code: italianVat('0298765432'),
  address: 'Via dell’Industria 12',
  city: 'Brescia',
  province: 'BS',
  zip_code: '25125',
  country: 'Italia',
  phone: '030 3581200',
  email: 'amministrazione@rossi-forniture.example',
  ddt_prefix: 'DDT',
};

export interface DemoParty {
  key: string;
  business_name: string;
  vat_number: string;
  address: string;
  city: string;
  province: string;
  zip_code: string;
  email: string;
  phone: string;
  contact_name: string | null;
  contact_role: string | null;
  contact_phone: string | null;
  shipping_method: string | null;
  notes: string | null;
}

export interface DemoProduct {
  code: string;
  description: string;
  category: string;
  unit_of_measure: 'm' | 'kg' | 'piece' | 'l';
  currency: 'EUR' | 'USD' | 'MAD' | 'CNY';
  supplier: string | null;
  has_batch: boolean;
  has_expiry_date: boolean;
  has_production_date: boolean;
  is_semi_finished: boolean;
  status: 'active' | 'inactive';
  barcode: string | null;
}

export const DEMO_WAREHOUSES: DemoWarehouse[] = [
  {
    name: 'Magazzino Centrale',
    description: 'Via dell’Industria 12, Brescia — ricevimento merci e spedizioni',
    is_active: true,
    site: ['Via dell’Industria 12', 'Brescia', 'BS', '25125'],
  },
  {
    name: 'Deposito Nord',
    description: 'Via Stezzano 40, Bergamo — scorte di viteria e materiale elettrico',
    is_active: true,
    site: ['Via Stezzano 40', 'Bergamo', 'BG', '24126'],
  },
  {
    name: 'Cella Refrigerata',
    description: 'Prodotti chimici e sigillanti a temperatura controllata',
    is_active: true,
    site: ['Via dell’Industria 14', 'Brescia', 'BS', '25125'],
  },
  {
    name: 'Deposito Verona',
    description: 'Dismesso a fine anno: nessuna nuova movimentazione',
    is_active: false,
    site: ['Via Fermi 3', 'Verona', 'VR', '37135'],
  },
];

const party = (
  key: string,
  business_name: string,
  vatBase: string,
  [address, city, province, zip_code]: [string, string, string, string],
  email: string,
  phone: string,
  contact: [string, string, string] | null = null,
  shipping_method: string | null = null,
  notes: string | null = null,
): DemoParty => ({
  key,
  business_name,
  vat_number: italianVat(vatBase),
  address,
  city,
  province,
  zip_code,
  email,
  phone,
  contact_name: contact?.[0] ?? null,
  contact_role: contact?.[1] ?? null,
  contact_phone: contact?.[2] ?? null,
  shipping_method,
  notes,
});

export const DEMO_SUPPLIERS: DemoParty[] = [
  party(
    'bulloneria',
    'Bulloneria Bresciana S.r.l.',
    '0318422017',
    ['Via Triumplina 88', 'Brescia', 'BS', '25123'],
    'ordini@bulloneria-bresciana.example',
    '030 2004411',
    ['Giulia Ferrari', 'Ufficio vendite', '335 6120044'],
    'Corriere espresso',
    'Consegna in 48 ore, minimo d’ordine 150 €',
  ),
  party(
    'oleodinamica',
    'Oleodinamica Padana S.p.A.',
    '0152963019',
    ['Strada Statale 10 km 4', 'Piacenza', 'PC', '29122'],
    'commerciale@oleodinamica-padana.example',
    '0523 614200',
    ['Marco Colombo', 'Area manager', '340 7712230'],
    'Mezzo proprio',
  ),
  party(
    'cavi',
    'Cavi Elettrici Lombardi S.r.l.',
    '0876124016',
    ['Via Milano 201', 'Monza', 'MB', '20900'],
    'vendite@cavi-lombardi.example',
    '039 2301780',
    null,
    'Corriere',
  ),
  party(
    'chimica',
    'Chimica Adriatica S.r.l.',
    '0221475042',
    ['Zona Industriale Bassette 3', 'Ravenna', 'RA', '48123'],
    'servizio.clienti@chimica-adriatica.example',
    '0544 451900',
    ['Elena Gallo', 'Responsabile qualità', '348 9054112'],
    'Trasporto ADR',
    'Schede di sicurezza allegate a ogni lotto',
  ),
  party(
    'imballaggi',
    'Imballaggi Veneti S.n.c.',
    '0398215028',
    ['Via dell’Artigianato 7', 'Treviso', 'TV', '31100'],
    'info@imballaggi-veneti.example',
    '0422 301877',
    null,
    'Bancale su camion',
  ),
  party(
    'import',
    'Global Tools Import S.r.l.',
    '0604587013',
    ['Interporto Bologna, Blocco 6', 'Bentivoglio', 'BO', '40010'],
    'acquisti@globaltools-import.example',
    '051 8659023',
    ['Luca Wang', 'Import manager', '331 2298870'],
    'Container via Genova',
    'Listini in USD e CNY, pagamento a 60 giorni',
  ),
];

export const DEMO_CUSTOMERS: DemoParty[] = [
  party(
    'ferramenta',
    'Ferramenta Rossi di Mario Rossi & C. S.n.c.',
    '0273314017',
    ['Corso Garibaldi 15', 'Cremona', 'CR', '26100'],
    'mario.rossi@ferramenta-rossi.example',
    '0372 412233',
    ['Mario Rossi', 'Titolare', '347 1102938'],
    'Ritiro in sede',
  ),
  party(
    'edilnord',
    'Edilnord Costruzioni S.r.l.',
    '0190556012',
    ['Via dei Mille 40', 'Bergamo', 'BG', '24122'],
    'amministrazione@edilnord.example',
    '035 224190',
    ['Paolo Ricci', 'Capo cantiere', '339 5512873'],
    'Consegna in cantiere',
  ),
  party(
    'bianchi',
    'Officina Meccanica Bianchi S.r.l.',
    '0341298015',
    ['Via Brennero 122', 'Trento', 'TN', '38121'],
    'ufficio.acquisti@officina-bianchi.example',
    '0461 830045',
    null,
    'Corriere espresso',
  ),
  party(
    'valpadana',
    'Agricola Valpadana Soc. Coop.',
    '0098765041',
    ['Strada Provinciale 415 n. 9', 'Crema', 'CR', '26013'],
    'cooperativa@agricola-valpadana.example',
    '0373 256600',
    ['Sara Marino', 'Magazziniera', '320 4418856'],
    'Mezzo proprio',
    'Scarico solo al mattino',
  ),
  party(
    'idraulica',
    'Idraulica Verdi S.r.l.',
    '0451230017',
    ['Via Emilia Est 58', 'Modena', 'MO', '41121'],
    'info@idraulica-verdi.example',
    '059 375511',
    null,
    'Corriere',
  ),
  party(
    'navale',
    'Cantiere Navale Tirreno S.p.A.',
    '0125698042',
    ['Calata Gadda 2', 'Genova', 'GE', '16126'],
    'procurement@cantiere-tirreno.example',
    '010 2461800',
    ['Francesca Greco', 'Buyer', '366 7781201'],
    'Consegna franco porto',
    'Richiede certificati dei materiali',
  ),
];

type Flags = '' | 'B' | 'BE' | 'BEP' | 'BP';

const product = (
  code: string,
  description: string,
  category: string,
  unit_of_measure: DemoProduct['unit_of_measure'],
  supplier: string | null,
  flags: Flags = '',
  currency: DemoProduct['currency'] = 'EUR',
  extra: Partial<Pick<DemoProduct, 'is_semi_finished' | 'status' | 'barcode'>> = {},
): DemoProduct => ({
  code,
  description,
  category,
  unit_of_measure,
  currency,
  supplier,
  has_batch: flags.includes('B'),
  has_expiry_date: flags.includes('E'),
  has_production_date: flags.includes('P'),
  is_semi_finished: extra.is_semi_finished ?? false,
  status: extra.status ?? 'active',
  barcode: extra.barcode ?? null,
});

const V = 'Viteria e bulloneria';
const O = 'Oleodinamica';
const E = 'Materiale elettrico';
const C = 'Chimici e lubrificanti';
const I = 'Imballaggi';
const U = 'Utensileria';
const S = 'Semilavorati';

export const DEMO_PRODUCTS: DemoProduct[] = [
  product('VT-M6-20-INOX', 'Vite TE M6x20 inox A2', V, 'piece', 'bulloneria', '', 'EUR', { barcode: '8012345000012' }),
  product('VT-M8-30-INOX', 'Vite TE M8x30 inox A2', V, 'piece', 'bulloneria', '', 'EUR', { barcode: '8012345000029' }),
  product('VT-M10-40-ZN', 'Vite TE M10x40 acciaio zincato 8.8', V, 'piece', 'bulloneria'),
  product('VT-M12-60-ZN', 'Vite TE M12x60 acciaio zincato 8.8', V, 'piece', 'bulloneria'),
  product('DA-M8-ZN', 'Dado esagonale M8 zincato', V, 'piece', 'bulloneria'),
  product('DA-M10-AUTOBL', 'Dado autobloccante M10 con inserto in nylon', V, 'piece', 'bulloneria'),
  product('RO-8-PIANA', 'Rondella piana 8 mm zincata', V, 'kg', 'bulloneria'),
  product('TS-6X60', 'Tassello in nylon 6x60 con vite', V, 'piece', 'bulloneria'),
  product('BAR-FIL-M10', 'Barra filettata M10 da 1 m zincata', V, 'piece', 'bulloneria'),
  product('RIV-4X10-AL', 'Rivetto a strappo 4x10 alluminio', V, 'kg', 'import', 'B', 'CNY'),
  product('OL-IDR-46-20L', 'Olio idraulico ISO VG 46, tanica 20 l', O, 'l', 'oleodinamica', 'BEP'),
  product('OL-IDR-68-200L', 'Olio idraulico ISO VG 68, fusto 200 l', O, 'l', 'oleodinamica', 'BEP'),
  product('TUB-R2-1/2', 'Tubo oleodinamico 2 trecce R2 1/2"', O, 'm', 'oleodinamica'),
  product('RAC-JIC-1/2', 'Raccordo JIC 1/2" femmina girevole', O, 'piece', 'oleodinamica'),
  product('CIL-D50-C200', 'Cilindro oleodinamico D50 corsa 200', O, 'piece', 'oleodinamica', 'BP'),
  product('POMPA-ING-8CC', 'Pompa a ingranaggi 8 cc/giro', O, 'piece', 'import', 'BP', 'USD'),
  product('FILT-RIT-10MIC', 'Filtro di ritorno 10 micron', O, 'piece', 'oleodinamica'),
  product('CAV-FG16-3G2.5', 'Cavo FG16OR16 3G2,5 mm²', E, 'm', 'cavi'),
  product('CAV-FS17-1.5-BL', 'Cavo unipolare FS17 1,5 mm² blu', E, 'm', 'cavi'),
  product('CAV-FS17-6-GV', 'Cavo unipolare FS17 6 mm² giallo-verde', E, 'm', 'cavi'),
  product('CORR-PVC-25', 'Tubo corrugato PVC diametro 25 mm', E, 'm', 'cavi'),
  product('MAG-2P-16A', 'Interruttore magnetotermico 2P 16 A', E, 'piece', 'cavi', '', 'EUR', { barcode: '8012345000104' }),
  product('DIFF-2P-25A-30', 'Differenziale puro 2P 25 A 30 mA', E, 'piece', 'cavi'),
  product('LED-PAN-60-40W', 'Pannello LED 60x60 40 W 4000 K', E, 'piece', 'import', 'B', 'CNY'),
  product('QUAD-IP65-24M', 'Quadro stagno IP65 24 moduli', E, 'piece', 'cavi'),
  product('SIL-NEU-300', 'Silicone neutro trasparente, cartuccia 300 ml', C, 'piece', 'chimica', 'BEP'),
  product('SIG-ANAER-50', 'Sigillante anaerobico frenafiletti medio, 50 ml', C, 'piece', 'chimica', 'BE'),
  product('GRASSO-LIT-1KG', 'Grasso al litio EP2, barattolo 1 kg', C, 'kg', 'chimica', 'BE'),
  product('SGRASS-IND-25L', 'Sgrassatore industriale, tanica 25 l', C, 'l', 'chimica', 'BEP'),
  product('SVIT-SPRAY-400', 'Sbloccante spray multiuso 400 ml', C, 'piece', 'chimica', 'BE'),
  product('VERN-ZINC-SPR', 'Zincante a freddo spray 400 ml', C, 'piece', 'chimica', 'BE'),
  product('ADES-EPOX-2K', 'Adesivo epossidico bicomponente 50 ml', C, 'piece', 'chimica', 'BEP'),
  product('OLIO-TAGL-5L', 'Olio da taglio emulsionabile 5 l', C, 'l', 'import', 'BE', 'MAD'),
  product('SCAT-40X30X30', 'Scatola di cartone doppia onda 40x30x30', I, 'piece', 'imballaggi'),
  product('FILM-EST-23MY', 'Film estensibile manuale 23 µm, rotolo 300 m', I, 'piece', 'imballaggi'),
  product('NASTRO-PP-50', 'Nastro adesivo PP avana 50 mm x 66 m', I, 'piece', 'imballaggi'),
  product('PALL-EPAL', 'Pallet EPAL 80x120 usato di prima scelta', I, 'piece', 'imballaggi'),
  product('REGG-PP-12', 'Reggia in polipropilene 12 mm', I, 'kg', 'imballaggi'),
  product('PLURIB-100', 'Film a bolle d’aria, rotolo 100 cm', I, 'm', 'imballaggi'),
  product('TRAP-18V-BL', 'Trapano avvitatore 18 V brushless con 2 batterie', U, 'piece', 'import', '', 'USD', { barcode: '8012345000203' }),
  product('SMER-125-INOX', 'Disco lamellare 125 mm grana 80 per inox', U, 'piece', 'import', '', 'CNY'),
  product('PUNTA-HSS-8', 'Punta elicoidale HSS-Co 8 mm', U, 'piece', 'import', '', 'USD'),
  product('CHIAVE-DINAM', 'Chiave dinamometrica 40–200 Nm', U, 'piece', 'import', 'B', 'USD'),
  product('GUANTI-NIT-L', 'Guanti in nitrile taglia L, scatola da 100', U, 'piece', 'import', 'BE', 'MAD'),
  product('METRO-5M', 'Flessometro 5 m con blocco', U, 'piece', null),
  product('SL-STAFFA-90', 'Staffa a L 90° saldata, grezza', S, 'piece', null, 'B', 'EUR', { is_semi_finished: true }),
  product('SL-PIASTRA-200', 'Piastra forata 200x200 sp. 10, da zincare', S, 'piece', null, 'BP', 'EUR', { is_semi_finished: true }),
  product('SL-TUBO-TAGL', 'Tubo in acciaio tagliato a misura, da sbavare', S, 'm', null, '', 'EUR', { is_semi_finished: true }),
  product('VT-M5-OTT', 'Vite TC M5 ottone (fuori catalogo)', V, 'piece', 'bulloneria', '', 'EUR', { status: 'inactive' }),
  product('CAV-NPI-2X1', 'Cavo piatto 2x1 mm² (sostituito da FG16)', E, 'm', 'cavi', '', 'EUR', { status: 'inactive' }),
];
