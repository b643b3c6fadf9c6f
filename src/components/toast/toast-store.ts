/** Toast queue shared by every screen. Texts arrive already translated. */
import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** Toasts stay 5 s (destructive ones 8 s) unless dismissed. */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  push: (toast) => {
    const id = nextId++;
    const variant = toast.variant ?? 'default';
    set({ toasts: [...get().toasts.slice(-3), { ...toast, id, variant }] });
    setTimeout(() => get().dismiss(id), variant === 'destructive' ? 8000 : 5000);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

/** Shows a toast from anywhere (components, stores, the API client). */
export function toast(input: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant }): number {
  return useToastStore.getState().push(input);
}
