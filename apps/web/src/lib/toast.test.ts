import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, resetToasts, TOAST_REMOVE_DELAY, toast, useToast } from "./toast";

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe("toast store", () => {
  it("keeps one toast at a time: a new one replaces the old", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "first" });
      toast({ title: "second" });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(["second"]);
  });

  it("closes a dismissed toast and purges it after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    let id = "";
    act(() => {
      id = toast({ title: "bye", variant: "destructive" }).id;
    });
    act(() => dismissToast(id));
    expect(result.current.toasts[0]?.open).toBe(false);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });
});
