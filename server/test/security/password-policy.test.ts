/**
 * Issue 13 §7 and issue 23, password policy: at least 8 characters (code points, after NFC), nothing invisible or control,
 * not the username (nor the username with digits or symbols around it), and hard enough to guess for zxcvbn-ts with the
 * Italian and French dictionaries (server only, `@wms/shared-api/password-strength`). The rule lives in the shared user
 * schema, so the API's 400 carries the very words the form shows, in Italian and French; create and update alike.
 */
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('admin'));
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const create = (password: string, username = `pw_${++n}`, lang = 'it') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { ...headers, 'accept-language': lang },
    payload: { username, name: 'Pia Password', password, role: 'sales' },
  });

const IT = {
  common: 'Password troppo comune e facile da indovinare: scegline una meno prevedibile',
  username: 'La password non può essere uguale al nome utente',
  likeUsername: 'La password è troppo simile al nome utente o al nome: è facile da indovinare',
  control: 'La password non può contenere caratteri di controllo o invisibili (a capo, tabulazioni, spazi a larghezza zero…)',
  invisible: 'La password non contiene nessun carattere visibile (solo spazi, accenti isolati o caratteri invisibili)',
  repeated: 'Password facile da indovinare: ripete gli stessi caratteri o gruppi (come "aaaa" o "abcabc")',
  keyboard: 'Password facile da indovinare: segue una fila o uno schema della tastiera (come "qwerty" o "azerty")',
  sequence: 'Password facile da indovinare: è una sequenza (come "abcd" o "1234") o una data',
  short: 'La password deve contenere almeno 8 caratteri',
  // A NUL is refused for every text of the API before the schema runs (server/src/http/text-guard.ts), in its words.
  unstorable: 'Il testo contiene caratteri non ammessi (caratteri di controllo)',
};
const FR = {
  common: 'Mot de passe trop courant et facile à deviner : choisissez-en un moins prévisible',
  username: "Le mot de passe ne peut pas être identique au nom d'utilisateur",
  likeUsername: "Le mot de passe ressemble trop au nom d'utilisateur ou au nom : il est facile à deviner",
  control:
    'Le mot de passe ne peut pas contenir de caractères de contrôle ou invisibles (retours à la ligne, tabulations, espaces de largeur nulle…)',
  invisible: 'Le mot de passe ne contient aucun caractère visible (seulement des espaces, des accents isolés ou des caractères invisibles)',
  repeated: 'Mot de passe facile à deviner : il répète les mêmes caractères ou groupes (comme « aaaa » ou « abcabc »)',
  keyboard: 'Mot de passe facile à deviner : il suit une rangée ou un motif du clavier (comme « azerty » ou « qwerty »)',
  sequence: "Mot de passe facile à deviner : c'est une suite (comme « abcd » ou « 1234 ») ou une date",
};

/** POST a user with `password` in `lang`: 400 VALIDATION naming only the password, and nothing created. */
async function refused(password: string, lang: 'it' | 'fr', username = `refused_${++n}`) {
  const res = await create(password, username, lang);
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('VALIDATION');
  const { rows } = await t.db.query('SELECT 1 FROM users WHERE username = $1', [username]);
  expect(rows).toHaveLength(0);
  return res.json().fields as Record<string, string>;
}

describe('issue 23: each refused password says why, in Italian and French', () => {
  it.each([
    ['aaaaaaaa', IT.repeated, FR.repeated],
    ['Admin123!', IT.common, FR.common],
    ['azerty123', IT.common, FR.common],
    ['abcdefghij', IT.sequence, FR.sequence],
    ['\u200b'.repeat(8), IT.invisible, FR.invisible],
    ['\u0301'.repeat(8), IT.invisible, FR.invisible],
    ['Zero\u200bwidth-Pass-47', IT.control, FR.control],
  ])('%j', async (password, it, fr) => {
    expect(await refused(password, 'it')).toEqual({ password: it });
    expect(await refused(password, 'fr')).toEqual({ password: fr });
  });

  it('the username plus a digit (mario.rossi → mario.rossi7), or dressed in symbols', async () => {
    expect(await refused('mario.rossi7', 'it', 'mario.rossi')).toEqual({ password: IT.likeUsername });
    expect(await refused('mario.rossi7', 'fr', 'mario.rossi')).toEqual({ password: FR.likeUsername });
    expect(await refused('#Mario.Rossi2024!', 'it', 'mario.rossi')).toEqual({ password: IT.likeUsername });
  });

  it('a keyboard row (the AZERTY middle row, backwards)', async () => {
    expect(await refused('mlkjhgfdsq', 'it')).toEqual({ password: IT.keyboard });
    expect(await refused('mlkjhgfdsq', 'fr')).toEqual({ password: FR.keyboard });
  });

  it('lengths count characters, not UTF-16 units: 7 letters and a combining accent are too short', async () => {
    expect(await refused('Caffe\u0301ab', 'it')).toEqual({ password: IT.short });
  });
});

describe('issue 23: NFC', () => {
  it('a password saved from its decomposed form (NFD) signs in typed either way', async () => {
    const nfd = 'Città-Nascosta-Verde-47'.normalize('NFD');
    expect(nfd).not.toBe(nfd.normalize('NFC'));
    const res = await create(nfd, 'nfc_user');
    expect(res.statusCode).toBe(201);
    await expect(t.login('nfc_user', nfd.normalize('NFC'))).resolves.toEqual(expect.any(String));
    await expect(t.login('nfc_user', nfd)).resolves.toEqual(expect.any(String));
  });

  it('a password saved before normalisation (its NFD hash) still signs in as typed', async () => {
    const nfd = 'Vecchia-Parola-Perché-9'.normalize('NFD');
    const u = await t.createUser('sales', { password: nfd });
    await expect(t.login(u.username, nfd)).resolves.toEqual(expect.any(String));
  });
});

describe('refused passwords → 400 VALIDATION on the password field, nothing created', () => {
  it.each([
    ['password', IT.common],
    ['12345678', IT.common],
    ['PassWord1', IT.common],
    ['qwertyuiop', IT.common],
    ['iloveyou', IT.common],
    ['motdepasse', IT.common],
    ['Line\nbreak-pass', IT.control],
    ['Tab\tseparated-pass', IT.control],
    ['Nul\u0000byte-pass', IT.unstorable],
  ])('%j', async (password, message) => {
    const username = `refused_${++n}`;
    const res = await create(password, username);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().fields).toEqual({ password: message });
    const { rows } = await t.db.query('SELECT 1 FROM users WHERE username = $1', [username]);
    expect(rows).toHaveLength(0);
  });

  it('the username as password, in any letter case', async () => {
    for (const [username, password] of [
      ['mario.rossi', 'mario.rossi'],
      ['Giulia_Verdi', 'giulia_verdi'],
      ['ANNA1234', 'anna1234'],
    ]) {
      const res = await create(password, username);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ password: IT.username });
    }
  });

  it('says why in French', async () => {
    expect((await create('password', undefined, 'fr')).json().fields).toEqual({
      password: 'Mot de passe trop courant et facile à deviner : choisissez-en un moins prévisible',
    });
    expect((await create('marcel.dupont', 'marcel.dupont', 'fr')).json().fields).toEqual({
      password: "Le mot de passe ne peut pas être identique au nom d'utilisateur",
    });
  });

  it('on update too; a blank password still keeps the current one', async () => {
    const u = await t.createUser('orders', { username: 'upd_policy' });
    const put = (password: string | undefined) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers,
        payload: { username: u.username, name: u.name, role: 'orders', password },
      });
    expect((await put('football')).json().fields).toEqual({ password: IT.common });
    expect((await put('UPD_POLICY')).json().fields).toEqual({ password: IT.username });
    expect((await put('')).statusCode).toBe(200);
    expect((await put('Kept-rules-2024')).statusCode).toBe(200);
  });
});

it('a good password is accepted', async () => {
  expect((await create('Magazzino-Nord-47')).statusCode).toBe(201);
});
