import { useEffect, useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../testing';
import { Dialog } from './Dialog';

beforeEach(() => switchLanguage('it'));

function Opener({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <button type="button">elsewhere</button>
      {open ? (
        <Dialog
          title="Lotti"
          busy={busy}
          onClose={() => setOpen(false)}
          actions={
            <>
              <button type="button">save</button>
              <button type="button" onClick={() => setOpen(false)}>
                cancel
              </button>
            </>
          }
        >
          <label>
            batch <input />
          </label>
        </Dialog>
      ) : null}
    </>
  );
}

/** A child that takes the focus itself when it mounts (as a scan box does). */
function SelfFocusing() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <input ref={ref} aria-label="scan" />;
}

function OpenerOfSelfFocusing() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <Dialog title="Scansione" onClose={() => setOpen(false)}>
          <SelfFocusing />
        </Dialog>
      ) : null}
    </>
  );
}

/** Closing puts the focus on a field of the page on purpose (as the scan box does after a camera read). */
function OpenerThatPlacesFocus() {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <input ref={field} aria-label="scan box" />
      {open ? (
        <Dialog title="Fotocamera" onClose={() => setOpen(false)}>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              field.current?.focus();
            }}
          >
            read
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog (the kit’s one dialog)', () => {
  it('a control the page focused on purpose while closing keeps the focus (not the opener)', async () => {
    render(<OpenerThatPlacesFocus />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'read' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'scan box' })).toHaveFocus();
  });

  it('gives focus back to the opener even when a child took the focus as it mounted', async () => {
    render(<OpenerOfSelfFocusing />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('takes focus on open (the body’s first control, not ×), keeps Tab inside and gives focus back on close', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: 'Lotti' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('batch')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
    await user.tab(); // wraps to the first control of the dialog (×), never to the page behind
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('Escape and × close it; not while busy', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByTestId('dialog-close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<Opener busy />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
