import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { switchLanguage } from '../testing';
import CameraScanner from './CameraScanner';

// The camera dialog itself (no camera here: jsdom has no mediaDevices, so it says so), for what a keyboard-wedge scanner
// does while it is open.
beforeEach(async () => {
  await switchLanguage('it');
});

// A key at a given time (ms): the event's timeStamp is what a scanner's burst is told by.
const key = (target: Element, name: string, at: number) => {
  const event = createEvent.keyDown(target, { key: name });
  Object.defineProperty(event, 'timeStamp', { value: at });
  return fireEvent(target, event);
};
const keys = (target: Element, text: string, start: number, gap: number) =>
  [...text].forEach((name, i) => key(target, name, start + i * gap));

it('a wedge scan while the camera dialog is open is read, and its Enter does not press Close', () => {
  const onDecoded = jest.fn();
  const onClose = jest.fn();
  render(<CameraScanner onDecoded={onDecoded} onClose={onClose} />);
  expect(screen.getByTestId('scan-camera-unavailable')).toBeInTheDocument();
  const close = screen.getByTestId('scan-camera-close');
  keys(close, '8012345000012', 1000, 5);
  expect(key(close, 'Enter', 1070)).toBe(false); // default prevented: the focused Close is not pressed
  expect(onDecoded).toHaveBeenCalledWith('8012345000012');
  expect(onClose).not.toHaveBeenCalled();
});

it('a person’s keys pass through: slow typing is not a scan, and Enter stays the button’s', () => {
  const onDecoded = jest.fn();
  render(<CameraScanner onDecoded={onDecoded} onClose={jest.fn()} />);
  const close = screen.getByTestId('scan-camera-close');
  keys(close, 'abcd', 1000, 200);
  expect(key(close, 'Enter', 1800)).toBe(true);
  expect(onDecoded).not.toHaveBeenCalled();
});
