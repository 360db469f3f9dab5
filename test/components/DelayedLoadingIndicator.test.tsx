import { act, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider, useGetList } from 'react-admin';
import { DelayedLoadingIndicator } from '../../src/layout/DelayedLoadingIndicator';
import { useDelayed } from '../../src/useDelayed';

function Spinner({ active, delayMs }: { active: boolean; delayMs?: number }) {
  return useDelayed(active, delayMs) ? <p>loading</p> : null;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

test('a load shows nothing for its first 200 ms, then the spinner', () => {
  render(<Spinner active />);
  advance(150);
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  advance(50);
  expect(screen.getByText('loading')).toBeInTheDocument();
});

test('the spinner goes as soon as the load ends', () => {
  const { rerender } = render(<Spinner active />);
  advance(250);
  expect(screen.getByText('loading')).toBeInTheDocument();
  rerender(<Spinner active={false} />);
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
});

test('not even the render in which the load ends shows it', () => {
  const rendered: boolean[] = [];
  function Recorder({ active }: { active: boolean }) {
    rendered.push(useDelayed(active));
    return null;
  }
  const { rerender } = render(<Recorder active />);
  advance(250);
  expect(rendered.at(-1)).toBe(true);
  const shownBefore = rendered.length;
  rerender(<Recorder active={false} />);
  expect(rendered.slice(shownBefore)).not.toContain(true);
});

test('a load shorter than the delay never shows it, and the next load waits again', () => {
  const { rerender } = render(<Spinner active />);
  advance(150);
  rerender(<Spinner active={false} />);
  advance(500);
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  rerender(<Spinner active />);
  advance(150);
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  advance(50);
  expect(screen.getByText('loading')).toBeInTheDocument();
});

test('a load that restarts after being shown waits the full delay again', () => {
  const { rerender } = render(<Spinner active />);
  advance(250);
  rerender(<Spinner active={false} />);
  rerender(<Spinner active />);
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  advance(200);
  expect(screen.getByText('loading')).toBeInTheDocument();
});

test('the delay can be chosen', () => {
  render(<Spinner active delayMs={1000} />);
  advance(999);
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  advance(1);
  expect(screen.getByText('loading')).toBeInTheDocument();
});

describe('the header spinner', () => {
  /** A list read that lasts until the test lets it finish. */
  function slowList() {
    let finish: () => void = () => undefined;
    const answer = new Promise<{ data: never[]; total: number }>((resolve) => {
      finish = () => resolve({ data: [], total: 0 });
    });
    return { dataProvider: testDataProvider({ getList: () => answer as never }), finish: () => finish() };
  }

  function Reader() {
    useGetList('carousel_group');
    return null;
  }

  // As in the app bar: the spinner is mounted before the screen whose reads it reports.
  test('is hidden for a quick load, visible for a slow one, hidden again once it ends', async () => {
    const { dataProvider, finish } = slowList();
    render(
      <AdminContext dataProvider={dataProvider} store={memoryStore()}>
        <DelayedLoadingIndicator />
        <Reader />
      </AdminContext>,
    );
    const spinner = screen.getByLabelText('loading');
    // react-query reports the read on its next tick; the 200 ms count from there.
    advance(0);
    advance(150);
    expect(spinner).not.toBeVisible();
    advance(50);
    expect(spinner).toBeVisible();
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    advance(0);
    expect(spinner).not.toBeVisible();
  });
});
