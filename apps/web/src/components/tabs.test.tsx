// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test/render.tsx';
import { Tabs } from './tabs.tsx';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, label: `Tab ${i}` }));

describe('Tabs', () => {
  it('up to four share the row (none hidden off screen); more scroll, or wrap when asked', () => {
    const { unmount } = renderWithApp(<Tabs label="four" items={items(4)} value="k0" onChange={vi.fn()} />);
    expect(screen.getByRole('tablist').className).toBe('tabs tabs--fit');
    unmount();
    const five = renderWithApp(<Tabs label="five" items={items(5)} value="k0" onChange={vi.fn()} />);
    expect(screen.getByRole('tablist').className).toBe('tabs');
    five.unmount();
    renderWithApp(<Tabs label="wrapped" items={items(3)} value="k0" onChange={vi.fn()} wrap />);
    expect(screen.getByRole('tablist').className).toBe('tabs tabs--wrap');
  });

  it('marks the chosen tab and answers a tap with its key', async () => {
    const onChange = vi.fn();
    const { user } = renderWithApp(<Tabs label="range" items={items(4)} value="k1" onChange={onChange} />);
    expect(screen.getByRole('tab', { name: 'Tab 1' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Tab 3' }));
    expect(onChange).toHaveBeenCalledWith('k3');
  });
});
