import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signInAs, switchLanguage } from '../testing';
import { ScanInput } from './ScanInput';
import { WedgeBurst } from './wedge';

jest.mock('./CameraScanner', () => ({
  __esModule: true,
  default: ({ onDecoded, onClose }: { onDecoded: (t: string) => void; onClose: () => void }) => (
    <div role="dialog" aria-label="camera">
      <button type="button" onClick={() => onDecoded(']C11727033110L-CAM\u001d240P-1')}>
        decode
      </button>
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  ),
}));

const product = { id: 7, code: 'P-1', description: 'Farina 00', status: 'active' };
const asked: string[] = [];
const server = setupServer(
  http.get('*/api/barcodes/:code', ({ params, request }) => {
    const code = params.code as string;
    asked.push(code);
    if (code.includes('P-1') || code === '8001234567897') {
      const gs1 = code.includes('L-');
      return HttpResponse.json({
        product,
        ...(gs1 ? { batch_number: code.includes('CAM') ? 'L-CAM' : 'L-AUD-01', expiry_date: '2027-03-31' } : {}),
      });
    }
    const fr = request.headers.get('accept-language') === 'fr';
    return HttpResponse.json(
      { code: 'BARCODE_UNKNOWN', error: fr ? `Code non reconnu : ${code}` : `Codice non riconosciuto: ${code}` },
      { status: 404 },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());
beforeEach(async () => {
  signInAs('admin');
  await switchLanguage('it');
});

describe('ScanInput', () => {
  it('a wedge scan (raw GS1 with ASCII 29, then Enter) is resolved, handed to the screen and confirmed', async () => {
    const onScan = jest.fn();
    render(<ScanInput onScan={onScan} />);
    const box = screen.getByRole('textbox', { name: 'Scansiona' });
    fireEvent.change(box, { target: { value: '1727033110L-AUD-01\u001d240P-1' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText(/Letto: P-1 — Farina 00 · lotto L-AUD-01 · scadenza 31\/03\/2027/)).toBeInTheDocument();
    expect(asked).toEqual(['1727033110L-AUD-01\u001d240P-1']);
    expect(onScan).toHaveBeenCalledWith(expect.objectContaining({ product, batch_number: 'L-AUD-01', expiry_date: '2027-03-31' }));
    expect(box).toHaveValue('');
  });

  it('an unknown code says so in the user’s language and calls nothing', async () => {
    await switchLanguage('fr');
    const onScan = jest.fn();
    render(<ScanInput onScan={onScan} />);
    const box = screen.getByRole('textbox', { name: 'Scanner' });
    await userEvent.type(box, 'NOPE-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Code non reconnu : NOPE-1');
    expect(onScan).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('a refusal by the screen is shown as the reason', async () => {
    render(<ScanInput onScan={() => 'Il lotto L-AUD-01 è scaduto'} />);
    const box = screen.getByRole('textbox', { name: 'Scansiona' });
    fireEvent.change(box, { target: { value: '(17)270331(10)L-AUD-01(240)P-1' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Il lotto L-AUD-01 è scaduto');
  });

  it('a paste is a scan; Ctrl+] types the GS1 separator; CR/LF at the end is dropped', async () => {
    const onScan = jest.fn();
    render(<ScanInput onScan={onScan} />);
    const box = screen.getByRole('textbox', { name: 'Scansiona' });
    fireEvent.paste(box, { clipboardData: { getData: () => '8001234567897\r\n' } });
    expect(await screen.findByText(/Letto: P-1/)).toBeInTheDocument();
    expect(asked).toEqual(['8001234567897']);
    fireEvent.change(box, { target: { value: '1727033110L-AUD-01' } });
    fireEvent.keyDown(box, { key: ']', code: 'BracketRight', ctrlKey: true });
    expect(box).toHaveValue('1727033110L-AUD-01\u001d');
  });

  it('the camera (a lazy chunk) decodes into the same path and gives the focus back', async () => {
    const onScan = jest.fn();
    render(<ScanInput onScan={onScan} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scansiona con la fotocamera' }));
    await userEvent.click(await screen.findByRole('button', { name: 'decode' }));
    expect(await screen.findByText(/lotto L-CAM/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scansiona' })).toHaveFocus();
  });
});

describe('WedgeBurst', () => {
  it('tells a scanner’s burst from a person typing', () => {
    const b = new WedgeBurst(50, 4);
    [0, 8, 16, 24, 32].forEach((t) => b.key(t));
    expect(b.isScan(40)).toBe(true);
    expect(b.isScan(200)).toBe(false);
    const person = new WedgeBurst(50, 4);
    [0, 180, 350, 520].forEach((t) => person.key(t));
    expect(person.isScan(530)).toBe(false);
  });
});

describe('a scan typed into the product picker', () => {
  it('a burst of keys ending in Enter picks the scanned product and hands the whole scan over', async () => {
    const { ProductPicker } = await import('../pickers/pickers');
    const onChange = jest.fn();
    const onScanned = jest.fn();
    render(<ProductPicker name="product_id" value={null} onChange={onChange} onScanned={onScanned} />);
    const box = screen.getByRole('combobox', { name: /Prodotto/ });
    const raw = '(17)270331(10)L-AUD-01(240)P-1';
    // A wedge: every key within a few milliseconds, then Enter.
    for (const ch of raw) fireEvent.keyDown(box, { key: ch });
    fireEvent.change(box, { target: { value: raw } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(7, expect.objectContaining({ code: 'P-1' })));
    await waitFor(() => expect(onScanned).toHaveBeenCalledWith(expect.objectContaining({ batch_number: 'L-AUD-01' })));
    expect(asked).toEqual([raw]);
  });

  it('a person typing a code and Enter is a search, not a scan', async () => {
    const { ProductPicker } = await import('../pickers/pickers');
    server.use(http.get('*/api/products', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    const onChange = jest.fn();
    render(<ProductPicker name="product_id" value={null} onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: /Prodotto/ }), 'vite{Enter}', { delay: 80 });
    expect(asked).toEqual([]);
    expect(onChange).not.toHaveBeenCalledWith(7, expect.anything());
  });
});
