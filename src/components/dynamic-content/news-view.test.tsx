import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '@tests/setup/fake-time';
import { NEWS_ROTATION_MS, NewsView, newsHeader } from './news-view';
import { article } from './test-fixtures';

const featuredTitle = () => screen.getByRole('article', { name: 'Featured article' }).querySelector('h3')?.textContent;

describe('news rotation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('features the next article every 8 seconds and wraps around', async () => {
    render(<NewsView articles={[article(1), article(2), article(3)]} category="general" />);
    expect(NEWS_ROTATION_MS).toBe(8000);
    expect(featuredTitle()).toBe('Headline 1');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await advance(7999);
    expect(featuredTitle()).toBe('Headline 1');
    await advance(1);
    expect(featuredTitle()).toBe('Headline 2');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await advance(8000);
    expect(featuredTitle()).toBe('Headline 3');
    await advance(8000);
    expect(featuredTitle()).toBe('Headline 1');
  });

  it('keeps one interval and clears it on unmount', async () => {
    const { unmount } = render(<NewsView articles={[article(1), article(2)]} category="general" />);
    expect(vi.getTimerCount()).toBe(1);
    await advance(8000);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not rotate a single article', () => {
    render(<NewsView articles={[article(1)]} category="general" />);
    expect(vi.getTimerCount()).toBe(0);
    expect(screen.queryByText('1 / 1')).not.toBeInTheDocument();
  });

  it('stops while paused and carries on from the same article', async () => {
    const articles = [article(1), article(2), article(3)];
    const { rerender } = render(<NewsView articles={articles} category="general" />);
    await advance(8000);
    expect(featuredTitle()).toBe('Headline 2');
    rerender(<NewsView articles={articles} category="general" paused />);
    expect(vi.getTimerCount()).toBe(0);
    await advance(24_000);
    expect(featuredTitle()).toBe('Headline 2');
    rerender(<NewsView articles={articles} category="general" />);
    await advance(8000);
    expect(featuredTitle()).toBe('Headline 3');
  });

  it('stays on a real article when the list gets shorter', async () => {
    const { rerender } = render(<NewsView articles={[article(1), article(2), article(3)]} category="general" />);
    await advance(16_000);
    expect(featuredTitle()).toBe('Headline 3');
    rerender(<NewsView articles={[article(4), article(5)]} category="general" />);
    expect(featuredTitle()).toBe('Headline 4');
  });
});

describe('news header', () => {
  it.each([
    [null, 'Breaking News'],
    ['', 'Breaking News'],
    ['general', 'Breaking News'],
    ['General', 'Breaking News'],
    ['sports', 'Sports News'],
    ['entertainment', 'Entertainment News'],
    ['science', 'Science News'],
    ['politics', 'Politics News'],
    ['world', 'World News'],
  ])('%s → %s', (category, header) => {
    expect(newsHeader(category)).toBe(header);
  });
});
