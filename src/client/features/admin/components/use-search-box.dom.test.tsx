import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchBox } from './use-search-box';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe('the admin directory search box (useSearchBox)', () => {
  it('sends what is typed once the delay has passed since the last key, and at once on submit', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(({ q }) => useSearchBox(q, onSearch, 300), { initialProps: { q: '' } });
    act(() => result.current.setText('zi'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setText('zinc'));
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('zinc');

    const event = submitEvent();
    act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(onSearch).toHaveBeenLastCalledWith('zinc');
  });

  it('drops a search typed but not yet sent (a result opened meanwhile)', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useSearchBox('', onSearch, 300));
    act(() => result.current.setText('zinc'));
    act(() => result.current.dropPending());
    act(() => vi.advanceTimersByTime(1_000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the address when its search changes from outside (the back button), without sending it again', () => {
    const onSearch = vi.fn();
    const { result, rerender } = renderHook(({ q }) => useSearchBox(q, onSearch, 300), { initialProps: { q: 'zinc' } });
    expect(result.current.text).toBe('zinc');
    rerender({ q: 'bistrot' });
    expect(result.current.text).toBe('bistrot');
    act(() => vi.advanceTimersByTime(1_000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
