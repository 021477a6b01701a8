import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTextLayout, type FakeTextLayout } from '@tests/setup/fake-text-layout';
import { FittedText } from './fitted-text';
import { TEXT_SIZE, type TextFit } from './text-fit';

// A landscape slide's text half on a 1920 × 1080 screen: 864 × 972 px.
const BOX = { width: 864, height: 972 };
const LONG = 'Fresh coffee roasted in house every morning, with oat, almond and whole milk. '.repeat(5).trim();

let layout: FakeTextLayout;
let observers: (() => void)[];

beforeEach(() => {
  layout = fakeTextLayout(BOX);
  observers = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  layout.restore();
  vi.unstubAllGlobals();
});

const box = () => document.querySelector<HTMLElement>('[data-slide-text]')!;
const fitted = () => Number(box().dataset.fitSize);

describe('FittedText', () => {
  it('is fitted as it is put on the page: short text at the largest size, long text smaller, in a few measurements', () => {
    const view = render(<FittedText title="Happy hour" content="4 to 6 pm" />);
    expect(fitted()).toBe(TEXT_SIZE.max);
    expect(layout.measurements()).toBe(1);
    view.unmount();

    const before = layout.measurements();
    render(<FittedText title="Our coffee" content={LONG} />);
    expect(fitted()).toBeLessThan(TEXT_SIZE.max);
    expect(fitted()).toBeGreaterThan(TEXT_SIZE.floor);
    expect(layout.measurements() - before).toBeLessThanOrEqual(10);
    // What the page shows fits, and a little larger would not.
    expect(box().scrollHeight).toBeLessThanOrEqual(box().clientHeight);
    box().style.setProperty('--slide-text-size', String(fitted() + 0.1));
    expect(box().scrollHeight).toBeGreaterThan(box().clientHeight);
  });

  it('shows both texts, the content with its line breaks, the title in its own larger size', () => {
    render(<FittedText title="Menu" content={'Latte\nMocha'} />);
    const title = screen.getByText('Menu');
    const content = screen.getByText(/Latte/);
    expect(content.textContent).toBe('Latte\nMocha');
    expect(content).toHaveClass('whitespace-pre-line');
    expect(title.style.fontSize).toContain('--slide-text-size');
    expect(content.style.fontSize).toContain('--slide-text-size');
  });

  it('tells the fitted size, and null once the text is gone', () => {
    const onFit = vi.fn<(fit: TextFit | null) => void>();
    const view = render(<FittedText title="Our coffee" content={LONG} onFit={onFit} />);
    expect(onFit).toHaveBeenLastCalledWith(expect.objectContaining({ size: fitted(), fits: true }));
    view.unmount();
    expect(onFit).toHaveBeenLastCalledWith(null);
  });

  it('fits again when the text changes', () => {
    const view = render(<FittedText title="Our coffee" content={LONG} />);
    const long = fitted();
    view.rerender(<FittedText title="Our coffee" content="Roasted here." />);
    expect(fitted()).toBeGreaterThan(long);
  });

  it('fits again when its box changes size, and not when it only says it did', () => {
    render(<FittedText title="Our coffee" content={LONG} />);
    const wide = fitted();
    const measured = layout.measurements();
    act(() => observers.forEach((notify) => notify()));
    expect(layout.measurements()).toBe(measured);

    layout.resize(BOX.width / 2, BOX.height);
    act(() => observers.forEach((notify) => notify()));
    expect(fitted()).toBeLessThan(wide);
    expect(box().scrollHeight).toBeLessThanOrEqual(box().clientHeight);
  });

  it('breaks a word too long for the box rather than letting it stick out', () => {
    const onFit = vi.fn<(fit: TextFit | null) => void>();
    render(<FittedText title="Find us" content={`https://${'x'.repeat(120)}.example.com`} onFit={onFit} />);
    expect(onFit).toHaveBeenLastCalledWith(expect.objectContaining({ breaksWords: true, fits: true }));
    expect(box()).toHaveClass('[overflow-wrap:anywhere]');
    expect(box().style.overflowWrap).toBe('');
    expect(box().scrollWidth).toBeLessThanOrEqual(box().clientWidth);
  });
});
